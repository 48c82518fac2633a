import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { RadioGroup, type RadioOption } from "./RadioGroup";

const frequency: RadioOption[] = [
  { value: "now", label: "Send Now" },
  { value: "once", label: "One-Time" },
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
];

/**
 * Presses an arrow key the way a person does: Radix moves focus on the next tick and selects on focus
 * only while the key is still down, so the key is released after that tick.
 */
async function press(key: "ArrowDown" | "ArrowUp" | "ArrowLeft" | "ArrowRight") {
  await userEvent.keyboard(`{${key}>}`);
  await new Promise((resolve) => setTimeout(resolve, 30));
  await userEvent.keyboard(`{/${key}}`);
}

const meta = {
  title: "Forms/RadioGroup",
  component: RadioGroup,
  args: { label: "Message Frequency", name: "messageFrequency", options: frequency, onValueChange: fn() },
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Tab enters on the checked option; arrows move and select; Tab leaves the group. */
export const Playground: Story = {
  args: { defaultValue: "now" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radiogroup", { name: "Message Frequency" })).toBeInTheDocument();
    await userEvent.tab();
    await expect(canvas.getByRole("radio", { name: "Send Now" })).toHaveFocus();
    await press("ArrowDown");
    await expect(canvas.getByRole("radio", { name: "One-Time" })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith("once");
    await press("ArrowDown");
    await press("ArrowDown");
    await expect(canvas.getByRole("radio", { name: "Weekly" })).toBeChecked();
    await press("ArrowUp");
    await expect(canvas.getByRole("radio", { name: "Daily" })).toBeChecked();
  },
};

export const Horizontal: Story = {
  args: {
    label: "Remove Duplicate Contacts",
    orientation: "horizontal",
    options: [
      { value: "yes", label: "Yes" },
      { value: "no", label: "No" },
    ],
    defaultValue: "yes",
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText("No"));
    await expect(canvas.getByRole("radio", { name: "No" })).toBeChecked();
    await expect(canvas.getByRole("radio", { name: "Yes" })).not.toBeChecked();
  },
};

export const WithDescriptions: Story = {
  args: {
    label: "Recipients",
    options: [
      { value: "contacts", label: "Contacts", description: "Pick individual contacts." },
      { value: "groups", label: "Groups", description: "Send to every member of the groups." },
      { value: "file", label: "File", description: "Upload a CSV or xlsx file." },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("radio", { name: "Groups" })).toHaveAccessibleDescription(
      "Send to every member of the groups.",
    );
  },
};

export const WithError: Story = {
  args: { required: true, error: "This is required" },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole("radiogroup", { name: /Message Frequency/ });
    await expect(group).toHaveAccessibleDescription("This is required");
    await expect(group).toHaveAttribute("aria-invalid", "true");
  },
};

export const DisabledOption: Story = {
  args: {
    defaultValue: "now",
    options: frequency.map((option) => (option.value === "once" ? { ...option, disabled: true } : option)),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await press("ArrowDown");
    await expect(canvas.getByRole("radio", { name: "Daily" })).toBeChecked();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "daily" },
  play: async ({ canvasElement }) => {
    for (const radio of within(canvasElement).getAllByRole("radio")) await expect(radio).toBeDisabled();
  },
};
