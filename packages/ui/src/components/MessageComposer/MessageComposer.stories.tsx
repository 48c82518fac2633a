import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { MessageComposer } from "./MessageComposer";

const meta = {
  title: "Messaging/MessageComposer",
  component: MessageComposer,
  args: { onSend: fn(), onChooseTemplate: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MessageComposer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Enter sends; Shift+Enter adds a line; the box clears after sending. */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole("textbox", { name: "Message" });
    await userEvent.type(box, "Hello{Shift>}{Enter}{/Shift}second line");
    await expect(box).toHaveValue("Hello\nsecond line");
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.keyboard("{Enter}");
    await expect(args.onSend).toHaveBeenCalledWith({ text: "Hello\nsecond line", files: [] });
    await expect(box).toHaveValue("");
  },
};

/** Whitespace-only text is ignored: nothing is sent and Send stays disabled. */
export const WhitespaceIgnored: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const send = canvas.getByRole("button", { name: "Send" });
    await expect(send).toBeDisabled();
    await userEvent.type(canvas.getByRole("textbox"), "   {Enter}");
    await expect(args.onSend).not.toHaveBeenCalled();
    await expect(send).toBeDisabled();
    await userEvent.type(canvas.getByRole("textbox"), "  hi  ");
    await userEvent.click(send);
    await expect(args.onSend).toHaveBeenCalledWith({ text: "hi", files: [] });
  },
};

/** Chosen files are listed with remove buttons and sent with the text. */
export const AttachFiles: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Attach files" })).toBeInTheDocument();
    const input = canvas.getByTestId("composer-file-input") as HTMLInputElement;
    const photo = new File(["x".repeat(2048)], "photo.png", { type: "image/png" });
    const doc = new File(["%PDF"], "invoice.pdf", { type: "application/pdf" });
    await userEvent.upload(input, [photo, doc]);
    const list = within(canvas.getByRole("list", { name: "Attached files" }));
    await expect(list.getAllByRole("listitem")).toHaveLength(2);
    await expect(list.getByText("2 KB")).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Remove invoice.pdf" }));
    await expect(list.getAllByRole("listitem")).toHaveLength(1);
    // Files alone can be sent.
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));
    await expect(args.onSend).toHaveBeenCalledWith({ text: "", files: [photo] });
    await expect(canvas.queryByRole("list", { name: "Attached files" })).toBeNull();
  },
};

export const ChooseTemplate: Story = {
  tags: ["screenshot"],
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Choose template" }));
    await expect(args.onChooseTemplate).toHaveBeenCalledTimes(1);
  },
};

/** Without `onChooseTemplate` (non-WhatsApp rooms) there is no template button. */
export const WithoutTemplates: Story = {
  args: { onChooseTemplate: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button", { name: "Choose template" })).toBeNull();
  },
};

/** Another agent owns the room: the input is replaced by the notice. */
export const OtherAgentsRoom: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(
      "Only the designated agent may send messages in this chatroom.",
    );
    await expect(canvas.queryByRole("textbox")).toBeNull();
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

export const CustomNotice: Story = {
  args: { disabled: true, disabledNotice: "This ticket is closed." },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("This ticket is closed.");
  },
};

/** While a send is in progress the button is busy and Enter does not send twice. */
export const Sending: Story = {
  args: { sending: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox"), "again{Enter}");
    await expect(args.onSend).not.toHaveBeenCalled();
    await expect(canvas.getByRole("button", { name: "Send" })).toHaveAttribute("aria-busy", "true");
  },
};
