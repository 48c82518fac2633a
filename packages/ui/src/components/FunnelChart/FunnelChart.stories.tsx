import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { FunnelChart } from "./FunnelChart";

const broadcast = [
  { label: "Total", value: 1500, tone: "primary" as const },
  { label: "Sent", value: 1480, tone: "info" as const },
  { label: "Delivered", value: 1204, tone: "success" as const },
  { label: "Read", value: 806, tone: "secondary" as const },
  { label: "Failed", value: 20, tone: "danger" as const },
];

const meta = {
  title: "Data/FunnelChart",
  component: FunnelChart,
  args: { title: "Broadcast delivery", data: broadcast },
} satisfies Meta<typeof FunnelChart>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The drawing is hidden from assistive technology; the table below it carries the figures. */
export const Playground: Story = {
  tags: ["screenshot"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("figure", { name: "Broadcast delivery" })).toBeInTheDocument();
    const table = canvas.getByRole("table", { name: "Broadcast delivery" });
    const rows = within(table).getAllByRole("row");
    await expect(rows).toHaveLength(6);
    await expect(within(table).getByRole("rowheader", { name: "Delivered" })).toBeInTheDocument();
    await expect(rows[3]).toHaveTextContent("Delivered1,20480%");
    await expect(rows[5]).toHaveTextContent("Failed201.3%");
  },
};

export const Bars: Story = {
  args: { shape: "bar", title: "Messages by stage" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("table", { name: "Messages by stage" })).toBeInTheDocument();
  },
};

export const WithoutPercent: Story = {
  args: { showPercent: false },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole("table");
    await expect(within(table).getAllByRole("columnheader")).toHaveLength(2);
  },
};

/** A broadcast that has not started: every bar is empty and shares are 0%. */
export const AllZero: Story = {
  args: { data: broadcast.map((d) => ({ ...d, value: 0 })) },
  play: async ({ canvasElement }) => {
    const rows = within(within(canvasElement).getByRole("table")).getAllByRole("row");
    await expect(rows[1]).toHaveTextContent("Total00%");
  },
};
