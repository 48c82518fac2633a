import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { NotificationBell } from "../NotificationBell/NotificationBell";
import { type NotificationItem, NotificationPanel, type NotificationPanelProps } from "./NotificationPanel";

const notifications: NotificationItem[] = [
  {
    id: 101,
    message: "Jane Tan sent a top up request.",
    status: "unread",
    type: "request",
    fromId: 7,
    createdAt: "2025-03-01T09:15:00",
  },
  {
    id: 102,
    message: "Corporate credit is below your first threshold (SGD 500.00).",
    status: "unread",
    type: "alert",
    createdAt: "2025-03-01T08:00:00",
  },
  {
    id: 103,
    message: "Broadcast “March promo” finished: 1,204 delivered, 3 failed.",
    status: "read",
    type: "info",
    createdAt: "2025-02-28T17:42:10",
  },
];

const onClose = fn();
const navigate = fn();

/** The header's bell with the panel, as the portal wires them. */
function Demo(props: NotificationPanelProps) {
  const [open, setOpen] = useState(props.open);
  const unread = props.notifications.filter((n) => n.status === "unread").length;
  return (
    <>
      <NotificationBell unread={unread} expanded={open} onClick={() => setOpen(true)} />
      <NotificationPanel
        {...props}
        open={open}
        onClose={(ids) => {
          setOpen(false);
          props.onClose(ids);
        }}
      />
    </>
  );
}

const meta = {
  title: "Layout/NotificationPanel",
  component: NotificationPanel,
  args: {
    open: false,
    onClose,
    notifications,
    requestHref: (n) => `/user-manage/user-edit/${n.fromId}/user-credit`,
    renderLink: ({ href, children, className, ...rest }) => (
      <a
        href={href}
        className={className}
        aria-label={rest["aria-label"]}
        onClick={(event) => {
          event.preventDefault();
          navigate(href);
          rest.onClick?.();
        }}
      >
        {children}
      </a>
    ),
  },
  render: (args) => <Demo {...args} />,
} satisfies Meta<typeof NotificationPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from the bell with the keyboard; Escape closes it and onClose gets every listed id. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const bell = within(canvasElement).getByRole("button", { name: "Notifications, 2 unread" });
    bell.focus();
    await userEvent.keyboard("{Enter}");
    const panel = await screen.findByRole("dialog", { name: "Recent Notification" });
    await expect(panel).toHaveAccessibleDescription("2 unread");
    await expect(within(panel).getAllByRole("listitem")).toHaveLength(3);
    await expect(within(panel).getAllByText(/^Unread:/)).toHaveLength(2);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(onClose).toHaveBeenCalledOnce();
    await expect(onClose).toHaveBeenCalledWith([101, 102, 103]);
    await expect(bell).toHaveFocus();
  },
};

/** A "request" notification links to the sender's credit page; following it also reports the ids. */
export const RequestLink: Story = {
  args: { open: true },
  play: async () => {
    const panel = await screen.findByRole("dialog", { name: "Recent Notification" });
    const links = within(panel).getAllByRole("link");
    await expect(links).toHaveLength(1);
    await userEvent.click(
      within(panel).getByRole("link", { name: "Top Up: Jane Tan sent a top up request." }),
    );
    await expect(navigate).toHaveBeenCalledWith("/user-manage/user-edit/7/user-credit");
    await expect(onClose).toHaveBeenCalledWith([101, 102, 103]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

export const Open: Story = {
  args: { open: true },
  tags: ["screenshot"],
  parameters: { screenshot: { target: "page", widths: [420, 1540] } },
  play: async () => {
    await expect(await screen.findByText("01/03/2025 9:15:00")).toBeVisible();
  },
};

/** Closing with × reports the ids too. */
export const CloseButton: Story = {
  args: { open: true },
  play: async () => {
    const panel = await screen.findByRole("dialog");
    await userEvent.click(within(panel).getByRole("button", { name: "Close" }));
    await expect(onClose).toHaveBeenCalledWith([101, 102, 103]);
  },
};

export const Empty: Story = {
  args: { open: true, notifications: [] },
  play: async () => {
    const panel = await screen.findByRole("dialog");
    await expect(within(panel).getByRole("heading", { name: "No notifications" })).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await expect(onClose).toHaveBeenCalledWith([]);
  },
};
