import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../Button/Button";
import { TextField } from "../TextField/TextField";
import { Dialog, DialogClose } from "./Dialog";

const onSave = fn();

const meta = {
  title: "Feedback/Dialog",
  component: Dialog,
  args: {
    title: "Add Department",
    description: "Departments group users and the channels they can see.",
    trigger: <Button>Add Department</Button>,
    children: (
      <div style={{ display: "grid", gap: 12 }}>
        <TextField label="Name" maxLength={50} />
        <TextField label="Description" maxLength={255} />
      </div>
    ),
    footer: (
      <>
        <DialogClose>
          <Button variant="outline" tone="secondary">
            Cancel
          </Button>
        </DialogClose>
        <Button onClick={onSave}>Save</Button>
      </>
    ),
  },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from its trigger; focus moves in, Tab cycles inside, Escape closes and focus returns. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Add Department" });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole("dialog", { name: "Add Department" });
    await expect(dialog).toHaveAccessibleDescription(
      "Departments group users and the channels they can see.",
    );
    // Focus starts inside the dialog (first field).
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    // Tab through every control, and once more: focus never leaves the dialog.
    const focusables = dialog.querySelectorAll("button, input");
    for (let i = 0; i <= focusables.length; i++) {
      await userEvent.tab();
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.tab({ shift: true });
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

/** Open, as it renders on a page (also the screenshot baseline). */
export const Open: Story = {
  args: { defaultOpen: true },
  tags: ["screenshot"],
  parameters: { screenshot: { target: "page" } },
  play: async () => {
    await expect(await screen.findByRole("dialog", { name: "Add Department" })).toBeVisible();
  },
};

/** The × button and a DialogClose-wrapped Cancel both close it. */
export const CloseButtons: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

/** Controlled: the page owns `open`; Save runs the page's handler. */
export const Controlled: Story = {
  render: (args) => {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Edit keyword</Button>
        <Dialog
          {...args}
          trigger={undefined}
          title="Edit keyword"
          description={undefined}
          open={open}
          onOpenChange={setOpen}
          footer={
            <Button
              onClick={() => {
                onSave();
                setOpen(false);
              }}
            >
              Save
            </Button>
          }
        >
          <TextField label="Keyword" defaultValue="PROMO" />
        </Dialog>
      </>
    );
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Edit keyword" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit keyword" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await expect(onSave).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

export const Small: Story = {
  args: { size: "sm", defaultOpen: true, title: "Rename group", description: undefined },
};

export const Large: Story = { args: { size: "lg", defaultOpen: true } };
