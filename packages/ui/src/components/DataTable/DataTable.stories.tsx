import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DataTable, type DataTableColumn, type DataTableSorting } from "./DataTable";

interface Contact {
  id: string;
  name: string;
  mobile: string;
  email: string;
  groups: number;
  status: "active" | "deleted";
  createdAt: Date;
}

const firstNames = ["Jane", "Tom", "Aisha", "Wei", "Ravi", "Maria", "Ken", "Siti", "Omar", "Lena"];
const lastNames = ["Tan", "Lim", "Kumar", "Ng", "Wong", "Lee", "Goh", "Chua", "Ong", "Teo"];

function makeContacts(count: number): Contact[] {
  return Array.from({ length: count }, (_, i) => {
    const first = firstNames[i % firstNames.length] ?? "Jane";
    const last = lastNames[Math.floor(i / firstNames.length) % lastNames.length] ?? "Tan";
    return {
      id: `c${i + 1}`,
      name: `${first} ${last}${i >= 100 ? ` ${i + 1}` : ""}`,
      mobile: `+65 ${String(81000000 + i * 37).slice(0, 4)} ${String(81000000 + i * 37).slice(4)}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${i + 1}@example.com`,
      groups: (i * 7) % 5,
      status: i % 6 === 5 ? "deleted" : "active",
      createdAt: new Date(Date.UTC(2025, 0, 1 + (i % 28), 12, (i * 13) % 60)),
    };
  });
}

const columns: DataTableColumn<Contact>[] = [
  { id: "name", header: "Name", value: (r) => r.name },
  { id: "mobile", header: "Mobile", value: (r) => r.mobile },
  { id: "email", header: "Email", value: (r) => r.email, priority: "md" },
  { id: "groups", header: "Groups", value: (r) => r.groups, align: "end", priority: "lg" },
  {
    id: "status",
    header: "Status",
    value: (r) => r.status,
    text: (r) => (r.status === "active" ? "Active" : "Deleted"),
  },
  { id: "createdAt", header: "Created", value: (r) => r.createdAt, priority: "lg" },
];

const twelve = makeContacts(12);
const hundred = makeContacts(100);

const ContactTable = DataTable<Contact>;

const meta = {
  title: "Data/DataTable",
  component: ContactTable,
  args: {
    label: "Contacts",
    data: twelve,
    columns,
    getRowId: (r: Contact) => r.id,
    pageSizeOptions: [5, 10, 15],
  },
} satisfies Meta<typeof ContactTable>;
export default meta;
type Story = StoryObj<typeof meta>;

const rowActions = (onView = fn(), onEdit = fn(), onDelete = fn()) => [
  { label: "View Details", onSelect: onView },
  { label: "Edit", onSelect: onEdit, hidden: (r: Contact) => r.status === "deleted" },
  { label: "Delete", onSelect: onDelete, tone: "danger" as const },
];

/** Everything on: search, sorting, selection with bulk actions, row menu, export, paging. */
export const Playground: Story = {
  tags: ["screenshot"],
  args: {
    selectable: true,
    rowActions: rowActions(),
    onExport: fn(),
    onSelectionChange: fn(),
    bulkActions: (rows: Contact[]) => (
      <button type="button" disabled={rows.length === 0}>
        Delete
      </button>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("table", { name: "Contacts" })).toBeInTheDocument();
    await expect(canvas.getByText("Showing 1 to 5 of 12 entries")).toBeInTheDocument();
    await expect(canvas.getByText("0 selected")).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Delete" })).toBeDisabled();
  },
};

export const Sorting: Story = {
  args: { onSortingChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nameHeader = canvas.getByRole("columnheader", { name: /Name/ });
    await expect(nameHeader).toHaveAttribute("aria-sort", "none");
    await userEvent.click(within(nameHeader).getByRole("button"));
    await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(args.onSortingChange).toHaveBeenLastCalledWith([{ id: "name", desc: false }]);
    const firstCell = () => within(canvas.getAllByRole("row")[1] as HTMLElement).getAllByRole("cell")[0];
    await expect(firstCell()).toHaveTextContent("Aisha Tan");
    // Enter on the focused header button sorts the other way.
    await userEvent.keyboard("{Enter}");
    await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
    await expect(firstCell()).toHaveTextContent("Wei Tan");
    // Numbers sort numerically.
    const mobile = canvas.getByRole("columnheader", { name: /Mobile/ });
    await userEvent.click(within(mobile).getByRole("button"));
    await expect(mobile).toHaveAttribute("aria-sort", "ascending");
    await expect(nameHeader).toHaveAttribute("aria-sort", "none");
  },
};

export const Search: Story = {
  args: { onSearchChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("searchbox", { name: "Search" }), "jane");
    await expect(args.onSearchChange).toHaveBeenLastCalledWith("jane");
    await expect(canvas.getByText("Showing 1 to 2 of 2 entries")).toBeInTheDocument();
    await expect(canvas.getAllByRole("row")).toHaveLength(3);
    await userEvent.clear(canvas.getByRole("searchbox"));
    await userEvent.type(canvas.getByRole("searchbox"), "nobody");
    await expect(canvas.getByText("There are no records found.")).toBeInTheDocument();
    await expect(canvas.getByText("Showing 0 to 0 of 0 entries")).toBeInTheDocument();
  },
};

/** A page that owns the search text (e.g. to send it to the server). */
export const ControlledSearch: Story = {
  render: (args) => {
    const [search, setSearch] = useState("tan");
    return (
      <div>
        <p>Searching for: “{search}”</p>
        <ContactTable {...args} search={search} onSearchChange={setSearch} />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("searchbox")).toHaveValue("tan");
    await expect(canvas.getByText("Showing 1 to 5 of 10 entries")).toBeInTheDocument();
    await userEvent.type(canvas.getByRole("searchbox"), "!");
    await expect(canvas.getByText("Searching for: “tan!”")).toBeInTheDocument();
  },
};

export const Selection: Story = {
  args: {
    selectable: true,
    onSelectionChange: fn(),
    bulkActions: (rows: Contact[]) => (
      <button type="button" disabled={rows.length === 0}>
        Delete {rows.length > 0 ? rows.length : ""}
      </button>
    ),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("checkbox", { name: "Select Tom Tan" }));
    await expect(canvas.getByText("1 selected")).toBeInTheDocument();
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(["c2"], [twelve[1]]);
    const all = canvas.getByRole("checkbox", { name: "Select all rows on this page" });
    await expect((all as HTMLInputElement).indeterminate).toBe(true);
    await userEvent.click(all);
    await expect(canvas.getByText("5 selected")).toBeInTheDocument();
    await expect(all).toBeChecked();
    await userEvent.click(all);
    await expect(canvas.getByText("0 selected")).toBeInTheDocument();
    // Space toggles the focused row's checkbox; arrows move between rows.
    const rows = canvas.getAllByRole("row");
    (rows[1] as HTMLElement).focus();
    await userEvent.keyboard(" ");
    await expect(canvas.getByRole("checkbox", { name: "Select Jane Tan" })).toBeChecked();
    await userEvent.keyboard("{ArrowDown}");
    await expect(rows[2]).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(canvas.getByText("2 selected")).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Delete 2" })).toBeEnabled();
  },
};

export const RowMenu: Story = {
  args: { rowActions: rowActions(fn(), fn(), fn()) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    // Row 6 (Maria Tan) is deleted: its menu has no Edit.
    await userEvent.click(canvas.getByRole("button", { name: "Actions for Aisha Tan" }));
    await expect(await body.findByRole("menuitem", { name: "Edit" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await userEvent.click(canvas.getByRole("button", { name: "Next page" }));
    await userEvent.click(canvas.getByRole("button", { name: "Actions for Maria Tan" }));
    await expect(await body.findByRole("menuitem", { name: "View Details" })).toBeInTheDocument();
    await expect(body.queryByRole("menuitem", { name: "Edit" })).toBeNull();
    await userEvent.click(body.getByRole("menuitem", { name: "Delete" }));
    const del = args.rowActions?.[2]?.onSelect;
    await expect(del).toHaveBeenCalledWith(twelve[5]);
  },
};

export const Pagination: Story = {
  args: { data: hundred, pageSizeOptions: [10, 100, 1000], onPageChange: fn(), onPageSizeChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const nav = within(canvas.getByRole("navigation"));
    await expect(canvas.getByText("Showing 1 to 10 of 100 entries")).toBeInTheDocument();
    await expect(nav.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getAllByRole("button", { name: /^Page \d+$/ })).toHaveLength(5);
    await expect(nav.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await userEvent.click(nav.getByRole("button", { name: "Next page" }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(1);
    await expect(nav.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await userEvent.click(nav.getByRole("button", { name: "Page 5" }));
    await expect(canvas.getByText("Showing 41 to 50 of 100 entries")).toBeInTheDocument();
    await expect(nav.getByRole("button", { name: "Page 3" })).toBeInTheDocument();
    await expect(nav.getByRole("button", { name: "Page 7" })).toBeInTheDocument();
    await expect(nav.getAllByText("…")).toHaveLength(2);
    await userEvent.click(nav.getByRole("button", { name: "Last page" }));
    await expect(canvas.getByText("Showing 91 to 100 of 100 entries")).toBeInTheDocument();
    await expect(nav.getByRole("button", { name: "Next page" })).toBeDisabled();
    await userEvent.click(nav.getByRole("button", { name: "First page" }));
    await expect(nav.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Rows per page" }), "100");
    await expect(args.onPageSizeChange).toHaveBeenLastCalledWith(100);
    await expect(canvas.getByText("Showing 1 to 100 of 100 entries")).toBeInTheDocument();
    await expect(nav.getAllByRole("button", { name: /^Page \d+$/ })).toHaveLength(1);
  },
};

/** The page-size sets the spec uses: agents 5/10/15, members 10/100/1000, contacts 100/200/500, others 1000/2000/5000. */
export const PageSizes: Story = {
  args: { data: hundred, pageSizeOptions: [100, 200, 500] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = canvas.getByRole("combobox", { name: "Rows per page" });
    await expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["100", "200", "500"]);
    await expect(canvas.getByText("Showing 1 to 100 of 100 entries")).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("There are no records found.")).toBeInTheDocument();
    await expect(canvas.getByText("Showing 0 to 0 of 0 entries")).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Next page" })).toBeDisabled();
  },
};

export const EmptyGroupMembers: Story = {
  args: { data: [], label: "Group members", emptyText: "There are no recipients in this group" },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText("There are no recipients in this group"),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { data: [], loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("table")).toHaveAttribute("aria-busy", "true");
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading…");
    await expect(canvas.queryByText("There are no records found.")).toBeNull();
  },
};

export const ErrorState: Story = {
  name: "Error",
  args: { error: "Something went wrong", onRetry: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("Something went wrong");
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Export: Story = {
  args: { onExport: fn(), defaultSorting: [{ id: "name", desc: false }] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const group = within(canvas.getByRole("group", { name: "Export" }));
    await userEvent.click(group.getByRole("button", { name: "CSV" }));
    await expect(args.onExport).toHaveBeenLastCalledWith("csv", expect.any(Array));
    const rows = (args.onExport as ReturnType<typeof fn>).mock.lastCall?.[1] as Contact[];
    await expect(rows).toHaveLength(12);
    await expect(rows[0]?.name).toBe("Aisha Tan");
    await userEvent.type(canvas.getByRole("searchbox"), "tan");
    await userEvent.click(group.getByRole("button", { name: "Excel" }));
    await expect(args.onExport).toHaveBeenLastCalledWith("xlsx", expect.any(Array));
    const filtered = (args.onExport as ReturnType<typeof fn>).mock.lastCall?.[1] as Contact[];
    await expect(filtered).toHaveLength(10);
  },
};

/** On screens narrower than a column's priority (here 420px), the column hides and rows expand to show it. */
export const ExpandableRows: Story = {
  globals: { viewport: { value: "xs", isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("columnheader", { name: /Email/ })).toBeNull();
    await expect(canvas.getByRole("columnheader", { name: /Mobile/ })).toBeVisible();
    const toggle = canvas.getByRole("button", { name: "Show details for Jane Tan" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    await expect(toggle.isConnected).toBe(true);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const details = canvasElement.querySelector(`#${CSS.escape(toggle.getAttribute("aria-controls") ?? "")}`);
    await expect(details).not.toBeNull();
    const list = within(details as HTMLElement);
    await expect(list.getByText("Email")).toBeVisible();
    await expect(list.getByText("jane.tan1@example.com")).toBeVisible();
    await expect(list.getByText("Created")).toBeVisible();
    await expect(list.getByText("01/01/2025")).toBeVisible();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  },
};

/** On wide screens every column shows and there are no expand toggles. */
export const WideScreen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("columnheader", { name: /Email/ })).toBeVisible();
    await expect(canvas.getByRole("columnheader", { name: /Created/ })).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Show details for Jane Tan" })).toBeNull();
  },
};

/** Server mode: `data` is the current page; the page asks the server for the next one. */
export const ServerSide: Story = {
  args: { onPageChange: fn(), onSortingChange: fn() },
  render: (args) => {
    const all = hundred;
    const [pageIndex, setPageIndex] = useState(0);
    const [pageSize, setPageSize] = useState(10);
    const [sorting, setSorting] = useState<DataTableSorting>([]);
    const sorted = sorting[0]
      ? [...all].sort((a, b) => (sorting[0]?.desc ? -1 : 1) * a.name.localeCompare(b.name))
      : all;
    const page = sorted.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);
    return (
      <ContactTable
        {...args}
        mode="server"
        data={page}
        total={all.length}
        pageSizeOptions={[10, 100, 1000]}
        pageIndex={pageIndex}
        onPageChange={(i) => {
          setPageIndex(i);
          args.onPageChange?.(i);
        }}
        pageSize={pageSize}
        onPageSizeChange={setPageSize}
        sorting={sorting}
        onSortingChange={(next) => {
          setSorting(next);
          args.onSortingChange?.(next);
        }}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Showing 1 to 10 of 100 entries")).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Page 3" }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
    await expect(canvas.getByText("Showing 21 to 30 of 100 entries")).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Name" }));
    await expect(args.onSortingChange).toHaveBeenLastCalledWith([{ id: "name", desc: false }]);
  },
};

const fiveThousand = makeContacts(5000);

/** A 5,000-row page: only the rows in view (plus overscan) are in the DOM. */
export const Virtualized: Story = {
  args: { data: fiveThousand, pageSizeOptions: [1000, 2000, 5000], height: 400, selectable: true },
  render: (args) => <ContactTable {...args} pageSize={5000} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole("table");
    await expect(table).toHaveAttribute("aria-rowcount", "5001");
    await expect(canvas.getByText("Showing 1 to 5000 of 5000 entries")).toBeInTheDocument();
    const rendered = () => canvasElement.querySelectorAll("tbody tr[data-index]").length;
    await expect(rendered()).toBeGreaterThan(5);
    await expect(rendered()).toBeLessThan(100);
    const region = canvas.getByRole("region", { name: "Contacts" });
    region.scrollTop = region.scrollHeight;
    await waitFor(() => expect(canvasElement.querySelector('tr[data-index="4999"]')).not.toBeNull());
    await expect(canvasElement.querySelector('tr[data-index="4999"]')).toHaveAttribute(
      "aria-rowindex",
      "5001",
    );
    await expect(rendered()).toBeLessThan(100);
    // Keyboard: Home brings the first row back into view and focuses it; Space selects it.
    (canvasElement.querySelector('tr[data-index="4999"]') as HTMLElement).focus();
    await userEvent.keyboard("{Home}");
    await waitFor(() => expect(canvasElement.querySelector('tr[data-index="0"]')).toHaveFocus());
    await userEvent.keyboard(" ");
    await expect(canvas.getByRole("checkbox", { name: "Select Jane Tan" })).toBeChecked();
  },
};
