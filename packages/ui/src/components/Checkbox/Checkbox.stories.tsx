import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { Checkbox, type CheckedState } from "./Checkbox";

const meta = {
  title: "Forms/Checkbox",
  component: Checkbox,
  args: { label: "Show own department", name: "ownDept", onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Space toggles; Enter does not (WAI-ARIA checkbox). */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole("checkbox", { name: "Show own department" });
    await expect(box).not.toBeChecked();
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard("{Enter}");
    await expect(box).toBeChecked();
    await userEvent.keyboard(" ");
    await expect(box).not.toBeChecked();
  },
};

/** Clicking the label toggles the box. */
export const LabelClick: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText("Show own department"));
    await expect(canvas.getByRole("checkbox", { name: "Show own department" })).toBeChecked();
  },
};

export const WithDescription: Story = {
  args: { label: "Enable 2FA", description: "A one-time code is sent at every sign-in." },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole("checkbox", { name: "Enable 2FA" });
    await expect(box).toHaveAccessibleDescription("A one-time code is sent at every sign-in.");
  },
};

/** The registration terms box: required, with an error until ticked. */
export const RequiredWithError: Story = {
  args: { label: "I agree to the terms and privacy policy", required: true, error: "This is required" },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole("checkbox", { name: /I agree/ });
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await expect(box).toHaveAttribute("aria-required", "true");
    await expect(box).toHaveAccessibleDescription("This is required");
  },
};

/** A "select all" box is indeterminate while some rows are selected. */
export const Indeterminate: Story = {
  args: { label: "Select all rows", hideLabel: true },
  render: function Render(args) {
    const [state, setState] = useState<CheckedState>("indeterminate");
    return <Checkbox {...args} checked={state} onCheckedChange={setState} />;
  },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole("checkbox", { name: "Select all rows" });
    await expect(box).toHaveAttribute("aria-checked", "mixed");
    await userEvent.click(box);
    await expect(box).toHaveAttribute("aria-checked", "true");
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole("checkbox", { name: "Show own department" });
    await expect(box).toBeDisabled();
    await expect(box).toBeChecked();
  },
};
