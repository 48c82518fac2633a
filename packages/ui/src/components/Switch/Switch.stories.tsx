import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Switch } from "./Switch";

const meta = {
  title: "Forms/Switch",
  component: Switch,
  args: { label: "Forward messages to chatbot", name: "forwardToBot", onCheckedChange: fn() },
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Space and Enter both toggle a switch. */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole("switch", { name: "Forward messages to chatbot" });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard("{Enter}");
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);
  },
};

export const On: Story = {
  args: { defaultChecked: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("switch")).toBeChecked();
  },
};

/** A settings row: label first, switch at the end, with a description. */
export const LabelStartWithDescription: Story = {
  args: {
    label: "Two-factor authentication",
    description: "Ask for a one-time code at every sign-in.",
    labelPosition: "start",
  },
  render: (args) => (
    <div style={{ maxWidth: 420 }}>
      <Switch {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole("switch", { name: "Two-factor authentication" });
    await expect(toggle).toHaveAccessibleDescription("Ask for a one-time code at every sign-in.");
    await userEvent.click(canvas.getByText("Two-factor authentication"));
    await expect(toggle).toBeChecked();
  },
};

export const WithError: Story = {
  args: { error: "Error Updating Data" },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole("switch");
    await expect(toggle).toHaveAccessibleDescription("Error Updating Data");
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole("switch");
    await expect(toggle).toBeDisabled();
    await userEvent.click(toggle, { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};
