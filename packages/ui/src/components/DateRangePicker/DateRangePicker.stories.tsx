import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { type DateRange, DateRangePicker } from "./DateRangePicker";

const meta = {
  title: "Forms/DateRangePicker",
  component: DateRangePicker,
  args: { label: "Date range", onValueChange: fn() },
} satisfies Meta<typeof DateRangePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Tab through both ends and type the days. */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("group", { name: "Date range" })).toBeInTheDocument();
    const start = canvas.getByLabelText("Start date");
    const end = canvas.getByLabelText("End date");
    await userEvent.tab();
    await expect(start).toHaveFocus();
    await userEvent.type(start, "2025-03-01");
    await userEvent.tab();
    await expect(end).toHaveFocus();
    await userEvent.type(end, "2025-03-31");
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ start: "2025-03-01", end: "2025-03-31" });
    await expect(end).toHaveAttribute("min", "2025-03-01");
    await expect(start).toHaveAttribute("max", "2025-03-31");
  },
};

/** Inbox and outbox: the end date cannot be in the future (`max` is today). */
export const NoFutureEnd: Story = {
  args: {
    max: "2025-06-30",
    maxMessage: "End date cannot be in the future",
    defaultValue: { start: "2025-06-01", end: "2025-06-30" },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const end = canvas.getByLabelText("End date");
    await userEvent.clear(end);
    await userEvent.type(end, "2025-07-02");
    await expect(end).toHaveAttribute("aria-invalid", "true");
    await expect(end).toHaveAccessibleDescription("End date cannot be in the future");
    await expect(canvas.getByLabelText("Start date")).not.toHaveAttribute("aria-invalid");
  },
};

/** Scheduled SMS: the start cannot be in the past (`min` is today). */
export const NoPastStart: Story = {
  args: { min: "2025-06-15", defaultValue: { start: "2025-06-14", end: "" } },
  play: async ({ canvasElement }) => {
    const start = within(canvasElement).getByLabelText("Start date");
    await expect(start).toHaveAttribute("aria-invalid", "true");
    await expect(start).toHaveAccessibleDescription("Date cannot be before 15/06/2025");
  },
};

/** An end before the start is reported on the end input. */
export const Reversed: Story = {
  args: { defaultValue: { start: "2025-05-10", end: "2025-05-01" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("End date cannot be before start date")).toBeVisible();
    await expect(canvas.getByLabelText("End date")).toHaveAttribute("aria-invalid", "true");
  },
};

/** The campaign list default: the last 2 days, held by the parent. */
export const Controlled: Story = {
  render: function Render(args) {
    const [range, setRange] = useState<DateRange>({ start: "2025-06-28", end: "2025-06-30" });
    return (
      <div>
        <DateRangePicker {...args} value={range} onValueChange={setRange} />
        <p data-testid="out">{`${range.start} – ${range.end}`}</p>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const start = canvas.getByLabelText("Start date");
    await userEvent.clear(start);
    await userEvent.type(start, "2025-06-01");
    await expect(canvas.getByTestId("out")).toHaveTextContent("2025-06-01 – 2025-06-30");
  },
};

export const WithError: Story = {
  args: { required: true, error: "This is required", help: "Up to 31 days." },
  play: async ({ canvasElement }) => {
    const start = within(canvasElement).getByLabelText("Start date");
    await expect(start).toHaveAttribute("aria-invalid", "true");
    await expect(start).toHaveAccessibleDescription("This is required Up to 31 days.");
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: { start: "2025-01-01", end: "2025-01-31" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("Start date")).toBeDisabled();
    await expect(canvas.getByLabelText("End date")).toBeDisabled();
  },
};
