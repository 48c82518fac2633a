import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { CreditBox } from "./CreditBox";

const meta = {
  title: "Layout/CreditBox",
  component: CreditBox,
  args: { label: "My Credit", cents: 1245000, onTopUp: fn() },
} satisfies Meta<typeof CreditBox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const group = within(canvasElement).getByRole("group", { name: "My Credit" });
    await expect(group).toHaveTextContent("SGD 12,450.00");
    await userEvent.click(within(group).getByRole("button", { name: "Top Up My Credit" }));
    await expect(args.onTopUp).toHaveBeenCalledOnce();
  },
};

export const Corporate: Story = { args: { label: "Corporate Credit", cents: 98765432 } };

export const Zero: Story = {
  args: { cents: 0, low: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("SGD 0.00")).toBeVisible();
  },
};

/** Without `onTopUp` there is no button (e.g. a read-only balance). */
export const ReadOnly: Story = {
  args: { onTopUp: undefined, cents: 5050 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button")).toBeNull();
    await expect(within(canvasElement).getByText("SGD 50.50")).toBeVisible();
  },
};

export const Pending: Story = {
  args: { pending: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Top Up My Credit" })).toHaveAttribute(
      "aria-busy",
      "true",
    );
  },
};
