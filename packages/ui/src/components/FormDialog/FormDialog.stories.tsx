import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../Button/Button";
import { TextField } from "../TextField/TextField";
import { FormDialog, type FormDialogProps } from "./FormDialog";

const onSave = fn();

const required = (value: string) => (value.trim() ? undefined : "Please enter a name.");

/** A page's use: one name field, checked on Save and again on each change while it shows an error. */
function Demo(props: Partial<FormDialogProps>) {
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const close = (next: boolean) => {
    setOpen(next);
    setName("");
    setError(undefined);
  };
  const submit = async () => {
    const invalid = required(name);
    setError(invalid);
    if (invalid) return;
    setSaving(true);
    await onSave(name.trim());
    setSaving(false);
    close(false);
  };
  const change = (value: string) => {
    setName(value);
    if (error) setError(required(value));
  };
  return (
    <FormDialog
      trigger={<Button>Add Group</Button>}
      {...props}
      title="Add Group"
      open={open}
      onOpenChange={close}
      saving={saving}
      onSubmit={submit}
    >
      <TextField
        label="Group Name"
        required
        value={name}
        onChange={(e) => change(e.target.value)}
        error={error}
        maxLength={50}
        showCounter
      />
    </FormDialog>
  );
}

const meta = {
  title: "Feedback/FormDialog",
  component: FormDialog,
  args: { title: "Add Group", onSubmit: onSave, children: null },
  render: ({ description, submitLabel, submitTone, cancelLabel, defaultOpen }) => (
    <Demo
      description={description}
      submitLabel={submitLabel}
      submitTone={submitTone}
      cancelLabel={cancelLabel}
      defaultOpen={defaultOpen}
    />
  ),
} satisfies Meta<typeof FormDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Focus starts in the field; an empty Save shows the error, typing clears it; Escape closes and focus returns. */
export const Playground: Story = {
  args: { description: "Groups gather contacts to send to them together." },
  play: async ({ canvasElement }) => {
    onSave.mockClear();
    const trigger = within(canvasElement).getByRole("button", { name: "Add Group" });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole("dialog", { name: "Add Group" });
    await expect(dialog).toHaveAccessibleDescription("Groups gather contacts to send to them together.");
    const field = within(dialog).getByRole("textbox", { name: "Group Name" });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await expect(field).toHaveAccessibleDescription(expect.stringContaining("Please enter a name."));
    await expect(field).toBeInvalid();
    await expect(onSave).not.toHaveBeenCalled();
    await userEvent.type(field, "S");
    await expect(field).toBeValid();
    // Tab order: field, Cancel, Save, ×, and round again: focus never leaves the dialog.
    await userEvent.tab();
    await expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole("button", { name: "Save" })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    await userEvent.tab();
    await expect(field).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(trigger).toHaveFocus();
    await expect(onSave).not.toHaveBeenCalled();
  },
};

/** Enter in the field submits, like Save; the dialog closes when the page's work is done. */
export const EnterSubmits: Story = {
  args: { defaultOpen: true },
  play: async () => {
    onSave.mockClear();
    const dialog = await screen.findByRole("dialog", { name: "Add Group" });
    const field = within(dialog).getByRole("textbox", { name: "Group Name" });
    await userEvent.type(field, "  Sales {Enter}");
    await expect(onSave).toHaveBeenCalledOnce();
    await expect(onSave).toHaveBeenCalledWith("Sales");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

/** Cancel closes without saving, and the field starts empty next time. */
export const CancelResets: Story = {
  play: async ({ canvasElement }) => {
    onSave.mockClear();
    const trigger = within(canvasElement).getByRole("button", { name: "Add Group" });
    await userEvent.click(trigger);
    let dialog = await screen.findByRole("dialog", { name: "Add Group" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Group Name" }), "Sales");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(trigger).toHaveFocus();
    await expect(onSave).not.toHaveBeenCalled();
    await userEvent.click(trigger);
    dialog = await screen.findByRole("dialog", { name: "Add Group" });
    await expect(within(dialog).getByRole("textbox", { name: "Group Name" })).toHaveValue("");
  },
};

/** Other button labels. */
export const Labels: Story = {
  args: { defaultOpen: true, submitLabel: "Create", cancelLabel: "Back" },
  play: async () => {
    const dialog = await screen.findByRole("dialog", { name: "Add Group" });
    await expect(within(dialog).getByRole("button", { name: "Create" })).toHaveAttribute("type", "submit");
    await expect(within(dialog).getByRole("button", { name: "Back" })).toBeVisible();
  },
};

function SuspendDemo() {
  const [open, setOpen] = useState(true);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title="Suspend Acme Pte Ltd?"
      description="Its users are signed out and cannot sign in until you resume it."
      submitLabel="Suspend company"
      submitTone="danger"
      onSubmit={() => {
        if (!reason.trim()) return setError("Please give a reason.");
        onSave(reason.trim());
        setOpen(false);
      }}
    >
      <TextField
        label="Reason"
        required
        value={reason}
        error={error}
        onChange={(e) => setReason(e.target.value)}
      />
    </FormDialog>
  );
}

/**
 * A form that confirms a destructive action (suspending a company, revoking a sender ID) shows its submit in
 * the danger tone, and still needs the form's fields (a reason) before it runs.
 */
export const DangerSubmit: Story = {
  tags: ["screenshot"],
  parameters: { screenshot: { target: "page", widths: [768] } },
  render: () => <SuspendDemo />,
  play: async () => {
    onSave.mockClear();
    const dialog = await screen.findByRole("dialog", { name: "Suspend Acme Pte Ltd?" });
    const submit = within(dialog).getByRole("button", { name: "Suspend company" });
    await userEvent.click(submit);
    await expect(onSave).not.toHaveBeenCalled();
    const reason = within(dialog).getByRole("textbox", { name: "Reason" });
    await expect(reason).toBeInvalid();
    await userEvent.type(reason, "Unpaid invoices");
    await userEvent.click(submit);
    await expect(onSave).toHaveBeenCalledWith("Unpaid invoices");
  },
};
