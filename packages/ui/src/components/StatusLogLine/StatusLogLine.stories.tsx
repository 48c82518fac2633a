import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { MessageBubble } from "../MessageBubble";
import { StatusLogLine } from "./StatusLogLine";

const meta = {
  title: "Messaging/StatusLogLine",
  component: StatusLogLine,
  args: { log: { status: "assigned", assignTo: "Jane", assignBy: "Tom" } },
} satisfies Meta<typeof StatusLogLine>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Assigned to Jane by Tom")).toBeInTheDocument();
  },
};

/** Every status-log text of the spec. */
export const AllStatuses: Story = {
  render: () => (
    <div>
      <StatusLogLine log={{ status: "open" }} />
      <StatusLogLine log={{ status: "reopened", assignBy: "Priya" }} />
      <StatusLogLine log={{ status: "assigned", assignTo: "Jane", assignBy: "Tom" }} />
      <StatusLogLine log={{ status: "in-progress", assignBy: "Jane" }} />
      <StatusLogLine log={{ status: "unassigned", assignBy: "Tom" }} />
      <StatusLogLine log={{ status: "closed", assignBy: "Jane" }} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const text of [
      "Open ticket",
      "Re-opened by Priya",
      "Assigned to Jane by Tom",
      "In progress by Jane",
      "Unassigned by Tom",
      "Closed by Jane",
    ]) {
      await expect(canvas.getByText(text)).toBeInTheDocument();
    }
  },
};

export const WithTime: Story = {
  args: { log: { status: "closed", assignBy: "Tom" }, at: new Date(2025, 2, 14, 16, 5) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("· 14/03/2025 4:05 PM")).toBeInTheDocument();
    await expect(canvasElement.querySelector("p")).toHaveTextContent("Closed by Tom· 14/03/2025 4:05 PM");
  },
};

export const CustomText: Story = {
  args: { log: undefined, children: "Conversation window expired" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Conversation window expired")).toBeInTheDocument();
  },
};

/** In a conversation, between bubbles. */
export const InConversation: Story = {
  tags: ["screenshot"],
  render: () => (
    <div style={{ maxWidth: 640 }}>
      <MessageBubble
        message={{
          id: "1",
          type: "inbox",
          text: "Hello, anyone there?",
          createdAt: new Date(2025, 2, 14, 9, 0),
        }}
      />
      <StatusLogLine log={{ status: "assigned", assignTo: "Jane", assignBy: "Tom" }} />
      <MessageBubble
        message={{
          id: "2",
          type: "outbox",
          text: "Hi! Jane here, how can I help?",
          createdAt: new Date(2025, 2, 14, 9, 2),
          deliveryStatus: "read",
        }}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Assigned to Jane by Tom")).toBeInTheDocument();
    await expect(canvas.getByRole("img", { name: "Read" })).toBeInTheDocument();
  },
};
