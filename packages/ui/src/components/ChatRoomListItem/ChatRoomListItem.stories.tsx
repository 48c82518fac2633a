import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { ChatRoomListItem, type ChatRoomSummary } from "./ChatRoomListItem";

const now = new Date(2025, 2, 14, 16, 30);

const rooms: ChatRoomSummary[] = [
  {
    subscriberId: "s1",
    subscriberName: "Jane Tan",
    chatroomStatus: "open",
    channelType: "WHATSAPP",
    text: "Hi, I would like to change the delivery address for my order placed last week, is that possible?",
    lastActivityAt: new Date(2025, 2, 14, 10, 42),
    unreadCount: 3,
  },
  {
    subscriberId: "s2",
    subscriberName: "Ahmad bin Ismail",
    chatroomStatus: "assigned",
    channelType: "FACEBOOK MESSENGER",
    text: "Thanks!",
    lastActivityAt: new Date(2025, 2, 13, 18, 5),
    unreadCount: 0,
    agentFirstName: "Tom",
    agentLastName: "Lee",
  },
  {
    subscriberId: "s3",
    subscriberName: "Wei Ling",
    chatroomStatus: "in-progress",
    channelType: "TELEGRAM",
    text: "Sending the photo now",
    lastActivityAt: new Date(2025, 2, 14, 9, 1),
    unreadCount: 120,
    agentFirstName: "Priya",
    agentLastName: "Nair",
  },
  {
    subscriberId: "s4",
    subscriberName: "Ravi Kumar",
    chatroomStatus: "closed",
    channelType: "LINE",
    text: "Bye",
    lastActivityAt: "2025-03-01T03:00:00Z",
    agentFirstName: "Tom",
    agentLastName: "Lee",
  },
  {
    subscriberId: "s5",
    subscriberName: "Unknown subscriber",
    chatroomStatus: "pending",
    channelType: "PIGEON",
    text: null,
    lastActivityAt: null,
  },
];

const meta = {
  title: "Messaging/ChatRoomListItem",
  component: ChatRoomListItem,
  args: { room: rooms[0] as ChatRoomSummary, now, onSelect: fn() },
  decorators: [
    (Story) => (
      <ul style={{ listStyle: "none", margin: 0, padding: 0, maxWidth: 360 }}>
        <li>
          <Story />
        </li>
      </ul>
    ),
  ],
} satisfies Meta<typeof ChatRoomListItem>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const item = canvas.getByRole("button", { name: /Jane Tan/ });
    await expect(item).toHaveAccessibleName(/WhatsApp/);
    await expect(item).toHaveAccessibleName(/3 unread messages/);
    await expect(canvas.getByText("10:42 AM")).toBeInTheDocument();
    await expect(canvas.getByText("Open")).toBeInTheDocument();
    await userEvent.tab();
    await expect(item).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onSelect).toHaveBeenCalledWith("s1");
  },
};

/** The last message stays on one line with an ellipsis. */
export const LongMessageEllipsis: Story = {
  play: async ({ canvasElement }) => {
    const preview = within(canvasElement).getByText(/change the delivery address/);
    await expect(getComputedStyle(preview).textOverflow).toBe("ellipsis");
    await expect(preview.scrollWidth).toBeGreaterThan(preview.clientWidth);
  },
};

export const Active: Story = {
  args: { active: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button")).toHaveAttribute("aria-current", "true");
  },
};

export const Assigned: Story = {
  args: { room: rooms[1] as ChatRoomSummary },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Assigned")).toBeInTheDocument();
    await expect(canvas.getByText("13/03/2025")).toBeInTheDocument();
    await expect(canvas.getByRole("button")).toHaveAccessibleName(/Agent: Tom Lee/);
    await expect(canvas.queryByText(/unread/)).toBeNull();
  },
};

export const InProgressManyUnread: Story = {
  args: { room: rooms[2] as ChatRoomSummary },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("In Progress")).toBeInTheDocument();
    await expect(canvas.getByText("99+")).toBeInTheDocument();
    await expect(canvas.getByRole("button")).toHaveAccessibleName(/120 unread messages/);
  },
};

export const Closed: Story = {
  args: { room: rooms[3] as ChatRoomSummary },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Closed")).toBeInTheDocument();
  },
};

/** Unknown status (secondary badge), unknown channel (generic icon), no text and no time. */
export const UnknownStatusAndChannel: Story = {
  args: { room: rooms[4] as ChatRoomSummary },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Pending")).toBeInTheDocument();
    await expect(canvasElement.querySelector("time")).toBeNull();
  },
};

/** A list of rooms: Tab moves between them; the selected room is aria-current. */
export const List: Story = {
  tags: ["screenshot"],
  decorators: [],
  render: (args) => {
    const [active, setActive] = useState("s2");
    return (
      <ul aria-label="Chatrooms" style={{ listStyle: "none", margin: 0, padding: 0, maxWidth: 360 }}>
        {rooms.map((room) => (
          <li key={room.subscriberId}>
            <ChatRoomListItem
              room={room}
              now={now}
              active={room.subscriberId === active}
              onSelect={(id) => {
                setActive(id);
                args.onSelect?.(id);
              }}
            />
          </li>
        ))}
      </ul>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: /Ahmad/ })).toHaveAttribute("aria-current", "true");
    await userEvent.click(canvas.getByRole("button", { name: /Wei Ling/ }));
    await expect(canvas.getByRole("button", { name: /Wei Ling/ })).toHaveAttribute("aria-current", "true");
    await expect(canvas.getByRole("button", { name: /Ahmad/ })).not.toHaveAttribute("aria-current");
  },
};
