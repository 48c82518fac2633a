import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { CHANNEL_TYPES, ChannelIcon, channelLabel } from "./ChannelIcon";

const meta = {
  title: "Data/ChannelIcon",
  component: ChannelIcon,
  args: { type: "WHATSAPP" },
  argTypes: { type: { control: "select", options: [...CHANNEL_TYPES, "PIGEON"] } },
} satisfies Meta<typeof ChannelIcon>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const icon = within(canvasElement).getByRole("img", { name: "WhatsApp" });
    await expect(icon).toHaveAttribute("data-channel", "WHATSAPP");
  },
};

/** The 13 social channel types exactly as the API writes them, plus SMS and EMAIL. */
export const AllChannels: Story = {
  tags: ["screenshot"],
  render: () => (
    <ul
      style={{
        display: "grid",
        gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
        gap: 12,
        padding: 0,
        listStyle: "none",
      }}
    >
      {CHANNEL_TYPES.map((type) => (
        <li key={type} style={{ display: "flex", alignItems: "center", gap: 8 }}>
          <ChannelIcon type={type} size={32} decorative />
          <span>
            {channelLabel(type)} <code>{type}</code>
          </span>
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole("listitem");
    await expect(items).toHaveLength(15);
    await expect(canvasElement.querySelectorAll('svg[data-channel="UNKNOWN"]')).toHaveLength(0);
    await expect(within(canvasElement).getByText("FACEBOOK MESSENGER")).toBeInTheDocument();
    await expect(within(canvasElement).queryAllByRole("img")).toHaveLength(0);
  },
};

export const Labelled: Story = {
  render: () => (
    <div style={{ display: "flex", gap: 8 }}>
      {CHANNEL_TYPES.map((type) => (
        <ChannelIcon key={type} type={type} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("img")).toHaveLength(15);
    for (const name of [
      "LINE",
      "Facebook Messenger",
      "Microsoft Teams",
      "LINE Notify",
      "WeCom",
      "Lark",
      "SMS",
      "Email",
    ]) {
      await expect(canvas.getByRole("img", { name })).toBeInTheDocument();
    }
  },
};

/** An unknown type falls back to a generic chat icon named after the type. */
export const UnknownType: Story = {
  args: { type: "PIGEON POST" },
  play: async ({ canvasElement }) => {
    const icon = within(canvasElement).getByRole("img", { name: "PIGEON POST" });
    await expect(icon).toHaveAttribute("data-channel", "UNKNOWN");
  },
};

export const CustomTitleAndSize: Story = {
  args: { type: "TELEGRAM", title: "Telegram: Herald Support bot", size: 48 },
  play: async ({ canvasElement }) => {
    const icon = within(canvasElement).getByRole("img", { name: "Telegram: Herald Support bot" });
    await expect(icon.getBoundingClientRect().width).toBe(48);
  },
};
