import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Badge, type BadgeTone, chatroomStatusTone } from "./Badge";

const tones: BadgeTone[] = ["primary", "success", "danger", "warning", "info", "secondary"];

const meta = {
  title: "Feedback/Badge",
  component: Badge,
  args: { children: "ME", tone: "primary", variant: "solid" },
  argTypes: {
    tone: { control: "select", options: tones },
    variant: { control: "inline-radio", options: ["solid", "soft"] },
  },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("ME")).toBeVisible();
  },
};

export const Tones: Story = {
  tags: ["screenshot"],
  parameters: { screenshot: { widths: [420] } },
  render: (args) => (
    <div style={{ display: "grid", gap: 8 }}>
      {(["solid", "soft"] as const).map((variant) => (
        <div key={variant} style={{ display: "flex", flexWrap: "wrap", gap: 8 }}>
          {tones.map((tone) => (
            <Badge key={tone} {...args} tone={tone} variant={variant}>
              {tone}
            </Badge>
          ))}
        </div>
      ))}
    </div>
  ),
};

/** Chat room statuses use `chatroomStatusTone(status)`. */
export const ChatroomStatuses: Story = {
  render: () => (
    <div style={{ display: "flex", flexWrap: "wrap", gap: 8 }}>
      {["open", "assigned", "in-progress", "closed", "archived"].map((status) => (
        <Badge key={status} tone={chatroomStatusTone(status)}>
          {status}
        </Badge>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(chatroomStatusTone("open")).toBe("success");
    await expect(chatroomStatusTone("assigned")).toBe("info");
    await expect(chatroomStatusTone("in-progress")).toBe("warning");
    await expect(chatroomStatusTone("closed")).toBe("primary");
    await expect(chatroomStatusTone("archived")).toBe("secondary");
    await expect(canvas.getByText("in-progress")).toBeVisible();
  },
};

/** The users list's online/offline badge. */
export const OnlineOffline: Story = {
  render: () => (
    <div style={{ display: "flex", gap: 8 }}>
      <Badge tone="success" variant="soft">
        Online
      </Badge>
      <Badge tone="secondary" variant="soft">
        Offline
      </Badge>
    </div>
  ),
};

/** A count whose meaning is given to screen readers by aria-label. */
export const Count: Story = {
  args: { children: "12", tone: "danger", "aria-label": "12 unread" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "12 unread" })).toBeVisible();
  },
};
