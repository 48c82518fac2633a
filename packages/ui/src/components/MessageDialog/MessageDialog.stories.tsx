import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../Button/Button";
import { MessageDialog, type MessageDialogProps } from "./MessageDialog";

const onClose = fn();

/** Renders the dialog behind a button, as a page would after a call returns. */
function Demo(props: MessageDialogProps) {
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Show message</Button>
      <MessageDialog
        {...props}
        open={open}
        onClose={() => {
          setOpen(false);
          props.onClose();
        }}
      />
    </>
  );
}

const meta = {
  title: "Feedback/MessageDialog",
  component: MessageDialog,
  args: { open: false, onClose, variant: "success", title: "Data Update Successful !" },
  argTypes: { variant: { control: "inline-radio", options: ["success", "error", "warning", "info"] } },
  render: (args) => <Demo {...args} />,
} satisfies Meta<typeof MessageDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Focus lands on OK; Tab stays inside; Escape dismisses it once and focus returns to the trigger. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Show message" });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole("alertdialog", { name: "Data Update Successful !" });
    const ok = within(dialog).getByRole("button", { name: "OK" });
    await waitFor(() => expect(ok).toHaveFocus());
    await userEvent.tab();
    await expect(ok).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await expect(onClose).toHaveBeenCalledOnce();
    await expect(trigger).toHaveFocus();
  },
};

export const Success: Story = {
  args: { open: true },
  tags: ["screenshot"],
  parameters: { screenshot: { target: "page" } },
  play: async () => {
    const dialog = await screen.findByRole("alertdialog");
    await expect(within(dialog).getByRole("img", { name: "Success" })).toBeVisible();
  },
};

/** OK dismisses it, calling onClose once. */
export const AcknowledgedWithOk: Story = {
  args: { open: true },
  play: async () => {
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await expect(onClose).toHaveBeenCalledOnce();
  },
};

export const ErrorWithText: Story = {
  args: { open: true, variant: "error", title: "Error!", text: "An error occurred while deleting rows." },
  play: async () => {
    const dialog = await screen.findByRole("alertdialog", { name: "Error!" });
    await expect(dialog).toHaveAccessibleDescription("An error occurred while deleting rows.");
    await expect(within(dialog).getByRole("img", { name: "Error" })).toBeVisible();
  },
};

export const Warning: Story = { args: { open: true, variant: "warning", title: "Something went wrong" } };

export const Info: Story = {
  args: {
    open: true,
    variant: "info",
    title: "Mobile List Add Successful !",
    text: "It may take a while for the new numbers to appear.",
  },
};

/** Long server messages wrap inside the dialog. */
export const LongServerMessage: Story = {
  args: {
    open: true,
    variant: "error",
    title: "Error Updating Data",
    text: "The server said: contact number +6591234567 is already used by another user of this company account (id 4f1c2a9e-77b0-4d55-9a61-0c9d1c0b3e21).",
  },
};
