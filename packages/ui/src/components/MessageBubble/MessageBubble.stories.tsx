import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { type ChatMessage, MessageBubble } from "./MessageBubble";
import { countTemplateVariables, substituteTemplateVariables } from "./template";

const svgImage = (label: string, color: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="140"><rect width="240" height="140" fill="${color}"/><text x="120" y="75" fill="#fff" font-family="sans-serif" font-size="18" text-anchor="middle">${label}</text></svg>`,
  )}`;

const base: ChatMessage = {
  id: "m1",
  type: "inbox",
  text: "Hi, is my order ready?\nOrder no. 10482\n\nThanks!",
  createdAt: new Date(2025, 2, 14, 10, 42),
};

const meta = {
  title: "Messaging/MessageBubble",
  component: MessageBubble,
  args: { message: base },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MessageBubble>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An inbox (subscriber) message on the left; line breaks are kept. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const text = canvas.getByText(/Hi, is my order ready\?/);
    await expect(text.textContent).toBe("Hi, is my order ready?\nOrder no. 10482\n\nThanks!");
    await expect(getComputedStyle(text).whiteSpace).toBe("pre-wrap");
    await expect(canvasElement.querySelector('[data-direction="inbox"]')).not.toBeNull();
    await expect(canvas.getByText("14/03/2025 10:42 AM")).toBeInTheDocument();
    await expect(canvas.queryByRole("img")).toBeNull();
  },
};

/** User text is text: markup shows literally and never becomes elements. */
export const TextIsNeverHtml: Story = {
  args: {
    message: {
      ...base,
      text: '<b>bold</b> <img src=x onerror="alert(1)"> & <a href="https://x.test">link</a>',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/<b>bold<\/b>/)).toBeInTheDocument();
    await expect(canvasElement.querySelector("b")).toBeNull();
    await expect(canvasElement.querySelector("img")).toBeNull();
    await expect(canvasElement.querySelector("a")).toBeNull();
  },
};

/** An outbox message on the right with a double check once delivered. */
export const OutboxDelivered: Story = {
  args: {
    message: {
      ...base,
      id: "m2",
      type: "outbox",
      text: "Yes, it is ready for pickup.",
      deliveryStatus: "delivered",
    },
    senderName: "Tom Lee",
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-direction="outbox"]')).not.toBeNull();
    await expect(canvas.getByRole("img", { name: "Delivered" })).toHaveAttribute("data-delivery", "sent");
    await expect(canvas.getByText("Tom Lee")).toBeInTheDocument();
  },
};

export const OutboxRead: Story = {
  args: { message: { ...base, type: "outbox", text: "See you soon.", deliveryStatus: "read" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "Read" })).toHaveAttribute(
      "data-delivery",
      "read",
    );
  },
};

/** No delivery status yet: a clock. */
export const OutboxPending: Story = {
  args: { message: { ...base, type: "outbox", text: "Sending…", deliveryStatus: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "Pending" })).toHaveAttribute(
      "data-delivery",
      "pending",
    );
  },
};

/** Delivery failed: a warning icon. */
export const OutboxDeliveryFailed: Story = {
  args: { message: { ...base, type: "outbox", text: "Hello?", deliveryStatus: "failed" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "Failed" })).toHaveAttribute(
      "data-delivery",
      "failed",
    );
  },
};

/** messageStatus "failed": the remark shows in danger colours. */
export const SendFailed: Story = {
  args: {
    message: {
      ...base,
      type: "outbox",
      text: "Your refund is processed.",
      messageStatus: "failed",
      deliveryStatus: "failed",
      remark:
        "Message failed to send because more than 24 hours have passed since the customer last replied.",
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/more than 24 hours have passed/)).toBeVisible();
  },
};

export const SendFailedWithoutRemark: Story = {
  args: {
    message: { ...base, type: "outbox", text: "Hi", messageStatus: "failed", deliveryStatus: "failed" },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Message failed to send")).toBeVisible();
  },
};

export const ImageAttachment: Story = {
  args: {
    message: {
      ...base,
      text: "Here is the damaged box",
      attachments: [
        {
          id: "a1",
          type: "image",
          mime: "image/svg+xml",
          url: svgImage("photo.jpg", "#3d434c"),
          name: "photo.jpg",
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "photo.jpg" })).toBeInTheDocument();
  },
};

export const VideoAndAudioAttachments: Story = {
  args: {
    message: {
      ...base,
      type: "outbox",
      text: null,
      deliveryStatus: "sent",
      attachments: [
        { id: "v1", type: "video", mime: "video/mp4", url: "/media/demo.mp4", name: "demo.mp4" },
        { id: "a2", type: "audio", mime: "audio/mpeg", url: "/media/voice.mp3", name: "voice.mp3" },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const video = canvasElement.querySelector("video");
    const audio = canvasElement.querySelector("audio");
    await expect(video).toHaveAttribute("controls");
    await expect(video).toHaveAttribute("aria-label", "demo.mp4");
    await expect(audio).toHaveAttribute("aria-label", "voice.mp3");
  },
};

export const FileAttachment: Story = {
  args: {
    message: {
      ...base,
      text: "Invoice attached",
      attachments: [
        { id: "f1", type: "other", mime: "application/pdf", url: "/files/invoice-10482.pdf", name: null },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: /invoice-10482\.pdf/ });
    await expect(link).toHaveAttribute("download", "invoice-10482.pdf");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  },
};

/** A WhatsApp template: text header, body and footer with variables substituted, and its buttons. */
export const WhatsappTemplate: Story = {
  tags: ["screenshot"],
  args: {
    message: {
      ...base,
      type: "outbox",
      text: null,
      deliveryStatus: "delivered",
      whatsappTemplateComponents: [
        { type: "HEADER", format: "TEXT", text: "Order {{1}} update" },
        { type: "BODY", text: "Hi {{1}},\nyour order {{2}} ships on {{3}}." },
        { type: "FOOTER", text: "Reply STOP to opt out" },
        {
          type: "BUTTONS",
          buttons: [
            { type: "QUICK_REPLY", text: "Track order" },
            { type: "URL", text: "Open website", url: "https://example.com" },
            { type: "COPY_CODE", text: "Copy code" },
          ],
        },
      ],
      whatsappTemplateVariables: { header: ["#10482"], body: ["Jane", "#10482", "14 March"] },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Order #10482 update")).toBeInTheDocument();
    const body = canvas.getByText(/Hi Jane/);
    await expect(body.textContent).toBe("Hi Jane,\nyour order #10482 ships on 14 March.");
    await expect(canvas.getByText("Reply STOP to opt out")).toBeInTheDocument();
    const buttons = within(canvas.getByRole("list", { name: "Template buttons" })).getAllByRole("listitem");
    await expect(buttons.map((b) => b.textContent)).toEqual(["Track order", "Open website", "Copy code"]);
    // Helpers: only declared variables are used; a missing value keeps its placeholder.
    await expect(countTemplateVariables("Hi {{1}}, {{2}}")).toBe(2);
    await expect(substituteTemplateVariables("Hi {{1}}, {{2}}", ["Jane"])).toBe("Hi Jane, {{2}}");
  },
};

export const WhatsappTemplateImageHeader: Story = {
  args: {
    message: {
      ...base,
      type: "outbox",
      text: null,
      deliveryStatus: "read",
      whatsappTemplateComponents: [
        { type: "HEADER", format: "IMAGE" },
        { type: "BODY", text: "Our March sale starts {{1}}!" },
      ],
      whatsappTemplateVariables: { body: ["tomorrow"] },
      whatsappTemplateMetadata: {
        headerMediaUrl: svgImage("March sale", "#1f57e0"),
        headerMediaName: "March sale banner",
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("img", { name: "March sale banner" })).toBeInTheDocument();
    await expect(canvas.getByText("Our March sale starts tomorrow!")).toBeInTheDocument();
  },
};

export const WhatsappTemplateDocumentHeader: Story = {
  args: {
    message: {
      ...base,
      type: "outbox",
      text: null,
      deliveryStatus: "sent",
      whatsappTemplateComponents: [
        { type: "HEADER", format: "DOCUMENT" },
        { type: "BODY", text: "Your statement for {{1}} is attached." },
      ],
      whatsappTemplateVariables: { body: ["February"] },
      whatsappTemplateMetadata: { headerMediaUrl: "/files/statement.pdf", headerMediaName: "statement.pdf" },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: /statement\.pdf/ })).toBeInTheDocument();
  },
};

/** An interactive list message shows its button text. */
export const ListMessage: Story = {
  args: {
    message: {
      ...base,
      type: "outbox",
      text: "Choose a delivery slot",
      deliveryStatus: "delivered",
      whatsappListMessage: { button: { text: "View slots" } },
    },
  },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole("list", { name: "List message button" });
    await expect(list).toHaveTextContent("View slots");
  },
};

/** A received file that could not be downloaded: the text stays, the remark says why the file is missing. */
export const InboxFileNotDownloaded: Story = {
  args: {
    message: { ...base, type: "inbox", text: "[image]", remark: "The file could not be downloaded." },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("[image]")).toBeVisible();
    await expect(canvas.getByText("The file could not be downloaded.")).toBeVisible();
    await expect(canvas.queryByText("Message failed to send")).toBeNull();
  },
};
