import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { TextField } from "./TextField";

const meta = {
  title: "Forms/TextField",
  component: TextField,
  args: { label: "Department Name", name: "name", onChange: fn() },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { placeholder: "e.g. Sales" },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Department Name" });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard("Sales");
    await expect(input).toHaveValue("Sales");
    await expect(args.onChange).toHaveBeenCalledTimes(5);
  },
};

export const WithHelp: Story = {
  args: { label: "E-mail", type: "email", help: "We send the verification link here." },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "E-mail" });
    await expect(input).toHaveAccessibleDescription("We send the verification link here.");
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: /Department Name/ });
    await expect(input).toBeRequired();
    await expect(within(canvasElement).getByText("*")).toHaveAttribute("aria-hidden", "true");
  },
};

export const WithError: Story = {
  tags: ["screenshot"],
  parameters: { screenshot: { widths: [420] } },
  args: { required: true, error: "This is required", help: "Shown to every user." },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: /Department Name/ });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription("This is required Shown to every user.");
  },
};

/** The spec's department name: max 50 with a live counter x/50. */
export const WithCounter: Story = {
  args: { maxLength: 50, showCounter: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: "Department Name" });
    await expect(canvas.getByText("0/50")).toBeInTheDocument();
    await userEvent.tab();
    await userEvent.keyboard("Customer care");
    await expect(canvas.getByText("13/50")).toBeInTheDocument();
    await userEvent.keyboard("{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}");
    await expect(canvas.getByText("8/50")).toBeInTheDocument();
    await expect(input).toHaveAccessibleDescription("8/50");
  },
};

/** A controlled field: the counter follows the value the parent holds. */
export const Controlled: Story = {
  args: { maxLength: 20, showCounter: true, label: "First name" },
  render: function Render(args) {
    const [value, setValue] = useState("Ada");
    return (
      <TextField {...args} value={value} onChange={(event) => setValue(event.target.value.toUpperCase())} />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: "First name" });
    await expect(canvas.getByText("3/20")).toBeInTheDocument();
    await userEvent.click(input);
    await userEvent.keyboard("{End}x");
    await expect(input).toHaveValue("ADAX");
    await expect(canvas.getByText("4/20")).toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "Finance" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("textbox", { name: "Department Name" })).toBeDisabled();
  },
};

export const WithPrefixAndSuffix: Story = {
  args: { label: "Sender ID", prefix: "ID", suffix: "max 11", maxLength: 11 },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Sender ID" });
    await userEvent.type(input, "HERALD");
    await expect(input).toHaveValue("HERALD");
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: "grid", gap: 12, maxWidth: 360 }}>
      <TextField {...args} label="Small" size="sm" />
      <TextField {...args} label="Medium" size="md" />
      <TextField {...args} label="Large" size="lg" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const small = canvas.getByRole("textbox", { name: "Small" }).getBoundingClientRect().height;
    const large = canvas.getByRole("textbox", { name: "Large" }).getBoundingClientRect().height;
    await expect(large).toBeGreaterThan(small);
  },
};

export const HiddenLabel: Story = {
  args: { label: "Search departments", hideLabel: true, type: "search", placeholder: "Search" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("searchbox", { name: "Search departments" })).toBeVisible();
  },
};
