import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { DatePicker } from "./DatePicker";

const meta = {
  title: "Forms/DatePicker",
  component: DatePicker,
  args: { label: "Schedule Date", name: "scheduleDate", onValueChange: fn() },
} satisfies Meta<typeof DatePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Tab in and type a date. The value is "yyyy-MM-dd". */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText("Schedule Date");
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.type(input, "2030-05-17");
    await expect(input).toHaveValue("2030-05-17");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("2030-05-17");
  },
};

/** A schedule cannot start before `min`: a day before it shows the message. */
export const BeforeMin: Story = {
  args: { min: "2025-01-01", defaultValue: "2024-12-31" },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText("Schedule Date");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription("Date cannot be before 01/01/2025");
    await userEvent.clear(input);
    await userEvent.type(input, "2025-01-02");
    await expect(input).not.toHaveAttribute("aria-invalid");
  },
};

/** Report end dates cannot be in the future: `max` is today, with the page's own wording. */
export const NoFutureEndDate: Story = {
  args: { label: "End date", max: "2025-06-30", maxMessage: "End date cannot be in the future" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText("End date");
    await expect(input).toHaveAttribute("max", "2025-06-30");
    await userEvent.type(input, "2025-07-01");
    await expect(canvas.getByText("End date cannot be in the future")).toBeVisible();
    await expect(input).toHaveAccessibleDescription("End date cannot be in the future");
  },
};

export const WithHelp: Story = {
  args: { help: "Scheduled messages go out at the chosen time on this day.", defaultValue: "2030-01-15" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("Schedule Date")).toHaveAccessibleDescription(
      "Scheduled messages go out at the chosen time on this day.",
    );
  },
};

/** An error from the form wins over the range message. */
export const WithError: Story = {
  args: { required: true, error: "This is required" },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText(/Schedule Date/);
    await expect(input).toBeRequired();
    await expect(input).toHaveAccessibleDescription("This is required");
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "2030-01-15" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("Schedule Date")).toBeDisabled();
  },
};
