import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "../Button/Button";
import { Card } from "../Card/Card";
import { LoadingOverlay } from "./LoadingOverlay";

const onSave = fn();

const meta = {
  title: "Feedback/LoadingOverlay",
  component: LoadingOverlay,
  args: {
    visible: true,
    label: "Saving",
    children: (
      <Card title="Department">
        <p style={{ marginBottom: 12 }}>Marketing — 12 users</p>
        <Button onClick={onSave}>Save</Button>
      </Card>
    ),
  },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof LoadingOverlay>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent("Saving");
    // The covered content is inert: it cannot be reached with Tab.
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Save", hidden: true })).not.toHaveFocus();
  },
};

export const Hidden: Story = {
  args: { visible: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("status")).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Save" }));
    await expect(onSave).toHaveBeenCalledOnce();
  },
};

/** Covers the window, e.g. during registration's submission. */
export const Fullscreen: Story = {
  args: { fullscreen: true, label: "Signing up" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Signing up");
  },
};
