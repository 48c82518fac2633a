import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Avatar, initialsOf } from "./Avatar";

// A tiny inline picture so the story never needs the network.
const picture =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#1f57e0"/><circle cx="20" cy="16" r="7" fill="#d9e6ff"/><path d="M6 38a14 14 0 0 1 28 0" fill="#d9e6ff"/></svg>',
  );

const meta = {
  title: "Feedback/Avatar",
  component: Avatar,
  args: { name: "Jane Tan", size: "md" },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole("img", { name: "Jane Tan" });
    await expect(avatar).toHaveTextContent("JT");
  },
};

export const Online: Story = {
  args: { status: "online" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "Jane Tan, online" })).toBeVisible();
  },
};

export const Offline: Story = {
  args: { status: "offline", name: "Ahmad bin Ismail" },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("img", { name: "Ahmad bin Ismail, offline" }),
    ).toHaveTextContent("AI");
  },
};

export const WithPicture: Story = {
  args: { src: picture, size: "lg", status: "online" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("presentation", { hidden: true })).toHaveAttribute(
      "src",
      picture,
    );
  },
};

/** A broken picture falls back to the initials. */
export const BrokenPicture: Story = {
  args: { src: "data:image/png;base64,broken", name: "Li Wei" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("LW")).toBeVisible();
  },
};

export const Sizes: Story = {
  tags: ["screenshot"],
  parameters: { screenshot: { widths: [420] } },
  render: (args) => (
    <div style={{ display: "flex", alignItems: "center", gap: 12 }}>
      <Avatar {...args} size="sm" status="online" />
      <Avatar {...args} size="md" status="offline" />
      <Avatar {...args} size="lg" status="online" />
    </div>
  ),
  play: async () => {
    await expect(initialsOf("  madonna ")).toBe("M");
    await expect(initialsOf("")).toBe("?");
  },
};

/** Decorative: hidden from screen readers because the name is written beside it. */
export const Decorative: Story = {
  render: (args) => (
    <div style={{ display: "flex", alignItems: "center", gap: 8 }}>
      <Avatar {...args} decorative />
      <span>Jane Tan</span>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("img")).toBeNull();
  },
};
