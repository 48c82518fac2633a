import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { NotificationBell } from "./NotificationBell";

const meta = {
  title: "Layout/NotificationBell",
  component: NotificationBell,
  args: { unread: 3, onClick: fn() },
} satisfies Meta<typeof NotificationBell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const bell = within(canvasElement).getByRole("button", { name: "Notifications, 3 unread" });
    await expect(bell).toHaveTextContent("3");
    bell.focus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const NoUnread: Story = {
  args: { unread: 0 },
  play: async ({ canvasElement }) => {
    const bell = within(canvasElement).getByRole("button", { name: "Notifications, no unread" });
    await expect(bell).toHaveTextContent("");
  },
};

export const ManyUnread: Story = {
  args: { unread: 250 },
  play: async ({ canvasElement }) => {
    const bell = within(canvasElement).getByRole("button", { name: "Notifications, 99+ unread" });
    await expect(bell).toHaveTextContent("99+");
  },
};

export const Expanded: Story = {
  args: { expanded: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button")).toHaveAttribute("aria-expanded", "true");
  },
};
