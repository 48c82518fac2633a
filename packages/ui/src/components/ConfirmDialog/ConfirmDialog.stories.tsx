import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../Button/Button";
import { ConfirmDialog, type ConfirmDialogProps } from "./ConfirmDialog";

const onConfirm = fn();
const onError = fn();
const onOpenChange = fn();

function Demo({ triggerLabel = "Delete", ...props }: ConfirmDialogProps & { triggerLabel?: string }) {
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button tone={props.tone === "danger" ? "danger" : "primary"} onClick={() => setOpen(true)}>
        {triggerLabel}
      </Button>
      <ConfirmDialog
        {...props}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          props.onOpenChange(next);
        }}
      />
    </>
  );
}

const meta = {
  title: "Feedback/ConfirmDialog",
  component: ConfirmDialog,
  args: { open: false, onOpenChange, onConfirm, onError, title: "Are you sure?", tone: "primary" },
  render: (args) => <Demo {...args} />,
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Focus starts on Cancel and stays inside; Escape cancels without confirming; focus returns. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Delete" });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole("alertdialog", { name: "Are you sure?" });
    const cancel = within(dialog).getByRole("button", { name: "Cancel" });
    const yes = within(dialog).getByRole("button", { name: "Yes" });
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.tab();
    await expect(yes).toHaveFocus();
    await userEvent.tab();
    await expect(cancel).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await expect(onConfirm).not.toHaveBeenCalled();
    await expect(onOpenChange).toHaveBeenCalledWith(false);
    await expect(trigger).toHaveFocus();
  },
};

export const Confirmed: Story = {
  args: { open: true },
  play: async () => {
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Yes" }));
    await expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  },
};

/** A deletion: danger tone, the spec's wording and an explicit confirm label. */
export const Danger: Story = {
  args: {
    open: true,
    tone: "danger",
    title: "Are you sure you want to delete this user ?",
    text: "This action is not reversable.",
    confirmLabel: "Delete",
  },
  tags: ["screenshot"],
  parameters: { screenshot: { target: "page" } },
  play: async () => {
    const dialog = await screen.findByRole("alertdialog", {
      name: "Are you sure you want to delete this user ?",
    });
    await expect(dialog).toHaveAccessibleDescription("This action is not reversable.");
  },
};

let release: () => void = () => {};
const slowConfirm = fn(
  () =>
    new Promise<void>((resolve) => {
      release = resolve;
    }),
);

/** `onConfirm` returns a promise: the button shows loading, Cancel and Escape wait, then it closes. */
export const AsyncConfirm: Story = {
  args: { open: true, onConfirm: slowConfirm, title: "Send top up request to Admin ?", confirmLabel: "Send" },
  play: async () => {
    const dialog = await screen.findByRole("alertdialog");
    const send = within(dialog).getByRole("button", { name: "Send" });
    await userEvent.click(send);
    await expect(send).toHaveAttribute("aria-busy", "true");
    await expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    await userEvent.keyboard("{Escape}");
    await expect(screen.getByRole("alertdialog")).toBeVisible();
    release();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await expect(slowConfirm).toHaveBeenCalledOnce();
  },
};

const failingConfirm = fn(() => Promise.reject(new Error("Error Updating Data")));

/** A rejected action closes the dialog and hands the error to `onError` (the page then shows a MessageDialog). */
export const FailedConfirm: Story = {
  args: { open: true, onConfirm: failingConfirm, title: "Are you sure you want to update the changes?" },
  play: async () => {
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(new Error("Error Updating Data")));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  },
};

export const LogOut: Story = {
  args: { title: "Log out of the product?", confirmLabel: "Log Out", triggerLabel: "Log Out" } as never,
};
