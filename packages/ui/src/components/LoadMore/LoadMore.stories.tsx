import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DataTable, type DataTableColumn } from "../DataTable/DataTable";
import { LoadMore } from "./LoadMore";

const onLoadMore = fn();

const meta = {
  title: "Data/LoadMore",
  component: LoadMore,
  args: { shown: 50, hasMore: true, onLoadMore, noun: ["company", "companies"] },
} satisfies Meta<typeof LoadMore>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("50 companies shown")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Load more" }));
    await expect(onLoadMore).toHaveBeenCalledOnce();
  },
};

/** While the next page loads the button is busy and ignores clicks. */
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    onLoadMore.mockClear();
    const button = within(canvasElement).getByRole("button", { name: /Load more/ });
    await expect(button).toHaveAttribute("aria-busy", "true");
  },
};

/** Nothing more on the server: the count says so and the button goes. */
export const AllShown: Story = {
  args: { shown: 1, hasMore: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("All 1 company shown")).toBeVisible();
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

interface Company {
  id: string;
  name: string;
  balance: string;
}
const all: Company[] = Array.from({ length: 7 }, (_, i) => ({
  id: `c${i}`,
  name: `Company ${String.fromCharCode(65 + i)}`,
  balance: `${(i * 125.5).toFixed(2)}`,
}));
const columns: DataTableColumn<Company>[] = [
  { id: "name", header: "Company", text: (c) => c.name, sortable: false },
  { id: "balance", header: "Balance (SGD)", text: (c) => c.balance, align: "end", sortable: false },
];

function KeysetList() {
  const [count, setCount] = useState(3);
  return (
    <>
      <DataTable
        label="Companies"
        data={all.slice(0, count)}
        columns={columns}
        getRowId={(c) => c.id}
        searchable={false}
        pagination={false}
      />
      <LoadMore
        shown={count}
        hasMore={count < all.length}
        onLoadMore={() => setCount((n) => Math.min(n + 3, all.length))}
        noun={["company", "companies"]}
      />
    </>
  );
}

/** Under a DataTable without its pager (`pagination={false}`): each click adds the next rows. */
export const UnderATable: Story = {
  tags: ["screenshot"],
  render: () => <KeysetList />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("navigation", { name: /Pagination/ })).toBeNull();
    await expect(canvas.queryByText(/Rows per page/)).toBeNull();
    await expect(canvas.getAllByRole("row")).toHaveLength(4);
    await userEvent.click(canvas.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(canvas.getAllByRole("row")).toHaveLength(7));
    await userEvent.click(canvas.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(canvas.getByText("All 7 companies shown")).toBeVisible());
    await expect(canvas.getAllByRole("row")).toHaveLength(8);
  },
};
