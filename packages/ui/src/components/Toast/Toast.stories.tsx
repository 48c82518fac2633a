import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../Button/Button";
import { type ToastOptions, ToastProvider, useToast } from "./Toast";

function Trigger({ options, label = "Save contact" }: { options: ToastOptions; label?: string }) {
  const { toast } = useToast();
  return <Button onClick={() => toast(options)}>{label}</Button>;
}

const onUndo = fn();

const meta = {
  title: "Feedback/Toast",
  component: ToastProvider,
  args: { duration: 5000 },
  decorators: [(Story) => <div style={{ minHeight: 240 }}>{Story()}</div>],
  render: (args) => (
    <ToastProvider {...args}>
      <Trigger
        options={{ title: "Contact saved", description: "Jane Tan was added to VIP.", tone: "success" }}
      />
    </ToastProvider>
  ),
} satisfies Meta<typeof ToastProvider>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A toast appears in the notifications region (Radix also announces it politely); × dismisses it. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Save contact" }));
    const region = screen.getByRole("region", { name: /Notifications/ });
    const toast = (await within(region).findByText("Contact saved")).closest("li") as HTMLElement;
    await expect(toast).toHaveTextContent("Jane Tan was added to VIP.");
    await expect(within(toast).getByRole("img", { name: "Success" })).toBeVisible();
    await userEvent.click(within(region).getByRole("button", { name: "Dismiss notification" }));
    await waitFor(() => expect(within(region).queryByText("Contact saved")).toBeNull());
  },
};

/** It hides by itself after `duration`. */
export const AutoDismiss: Story = {
  args: { duration: 300 },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Save contact" }));
    await expect(await screen.findByText("Contact saved")).toBeVisible();
    await waitFor(() => expect(screen.queryByText("Contact saved")).toBeNull(), { timeout: 3000 });
  },
};

/** Tones; several toasts stack. */
export const Tones: Story = {
  render: (args) => (
    <ToastProvider {...args} duration={60_000}>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <Trigger label="Success" options={{ title: "Export ready", tone: "success" }} />
        <Trigger
          label="Info"
          options={{ title: "Broadcast scheduled", description: "Sends at 09:00.", tone: "info" }}
        />
        <Trigger label="Warning" options={{ title: "Credit is low", tone: "warning" }} />
        <Trigger label="Error" options={{ title: "Upload failed", tone: "error" }} />
      </div>
    </ToastProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of ["Success", "Info", "Warning", "Error"]) {
      await userEvent.click(canvas.getByRole("button", { name }));
    }
    await expect(await screen.findByText("Upload failed")).toBeVisible();
    await expect(screen.getByText("Export ready")).toBeVisible();
  },
};

/** With an action button. */
export const WithAction: Story = {
  render: (args) => (
    <ToastProvider {...args} duration={60_000}>
      <Trigger
        label="Delete group"
        options={{ title: "Group deleted", tone: "info", action: { label: "Undo", onClick: onUndo } }}
      />
    </ToastProvider>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Delete group" }));
    await userEvent.click(await screen.findByRole("button", { name: "Undo" }));
    await expect(onUndo).toHaveBeenCalledOnce();
  },
};
