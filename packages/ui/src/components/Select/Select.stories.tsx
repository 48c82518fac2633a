import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Dialog } from "../Dialog";
import { Select, type SelectOption } from "./Select";

const roles: SelectOption[] = [
  { value: "admin", label: "Admin" },
  { value: "supervisor", label: "Supervisor" },
  { value: "agent", label: "Agent" },
];

const meta = {
  title: "Forms/Select",
  component: Select,
  args: {
    label: "Role",
    name: "userRole",
    options: roles,
    placeholder: "Select a role",
    onValueChange: fn(),
  },
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard: Tab to the trigger, Enter opens, arrows move, Enter picks and focus returns. */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole("combobox", { name: "Role" });
    await expect(trigger).toHaveTextContent("Select a role");
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    const listbox = await screen.findByRole("listbox");
    await expect(within(listbox).getAllByRole("option")).toHaveLength(3);
    await waitFor(() => expect(within(listbox).getByRole("option", { name: "Admin" })).toHaveFocus());
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
    await expect(args.onValueChange).toHaveBeenCalledWith("agent");
    await expect(trigger).toHaveTextContent("Agent");
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const WithDefaultValue: Story = {
  args: { defaultValue: "supervisor" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("combobox", { name: "Role" })).toHaveTextContent(
      "Supervisor",
    );
  },
};

/** Escape closes without changing the value. */
export const EscapeKeepsValue: Story = {
  args: { defaultValue: "admin" },
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole("combobox", { name: "Role" });
    trigger.focus();
    await userEvent.keyboard("{ArrowDown}");
    await screen.findByRole("listbox");
    await userEvent.keyboard("{ArrowDown}{Escape}");
    await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
    await expect(trigger).toHaveTextContent("Admin");
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

export const Controlled: Story = {
  render: function Render(args) {
    const [value, setValue] = useState<string>("");
    return (
      <div>
        <Select {...args} value={value} onValueChange={setValue} />
        <p data-testid="out">{value || "none"}</p>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole("combobox", { name: "Role" }).focus();
    await userEvent.keyboard(" ");
    await userEvent.click(await screen.findByRole("option", { name: "Supervisor" }));
    await waitFor(() => expect(canvas.getByTestId("out")).toHaveTextContent("supervisor"));
  },
};

export const WithError: Story = {
  args: { required: true, error: "This is required", help: "Admins manage users and credit." },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("combobox", { name: /Role/ });
    await expect(trigger).toHaveAttribute("aria-invalid", "true");
    await expect(trigger).toHaveAccessibleDescription("This is required Admins manage users and credit.");
  },
};

export const WithDisabledOption: Story = {
  args: {
    options: [
      { value: "online", label: "Online" },
      { value: "offline", label: "Offline", disabled: true },
    ],
    label: "Status",
    defaultValue: "online",
  },
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole("combobox", { name: "Status" }).focus();
    await userEvent.keyboard("{Enter}");
    const offline = await screen.findByRole("option", { name: "Offline" });
    await expect(offline).toHaveAttribute("aria-disabled", "true");
    await userEvent.keyboard("{Escape}");
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "agent" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("combobox", { name: "Role" })).toBeDisabled();
  },
};

/** Inside a dialog the list opens above it and an option takes a pointer click. */
export const InDialog: Story = {
  render: (args) => (
    <Dialog title="Add agent" defaultOpen>
      <Select {...args} />
    </Dialog>
  ),
  play: async ({ args }) => {
    const dialog = await screen.findByRole("dialog", { name: "Add agent" });
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Role" }));
    const option = await screen.findByRole("option", { name: "Supervisor" });
    // the option is the topmost element at its own centre: not under the dialog's overlay
    const box = option.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    await expect(option.contains(top)).toBe(true);
    await userEvent.click(option);
    await expect(args.onValueChange).toHaveBeenCalledWith("supervisor");
  },
};
