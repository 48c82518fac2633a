import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { MultiSelect, type MultiSelectOption } from "./MultiSelect";

const departments: MultiSelectOption[] = [
  { value: "d1", label: "Sales" },
  { value: "d2", label: "Support" },
  { value: "d3", label: "Finance" },
  { value: "d4", label: "Marketing" },
  { value: "d5", label: "Legal", disabled: true },
  { value: "d6", label: "Operations" },
];

const meta = {
  title: "Forms/MultiSelect",
  component: MultiSelect,
  args: { label: "Departments", name: "dept", options: departments, onValueChange: fn() },
} satisfies Meta<typeof MultiSelect>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Tab in, ArrowDown opens, arrows move, Enter toggles, Backspace removes the last chip, Escape closes. */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("combobox", { name: "Departments" });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    const listbox = await screen.findByRole("listbox", { name: "Departments" });
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await expect(input).toHaveAttribute(
      "aria-activedescendant",
      within(listbox).getByRole("option", { name: "Sales" }).id,
    );
    await userEvent.keyboard("{Enter}{ArrowDown}{ArrowDown}{Enter}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(["d1", "d3"]);
    await expect(within(listbox).getByRole("option", { name: "Finance" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const chips = canvas.getByRole("list", { name: "Selected" });
    await expect(within(chips).getAllByRole("listitem")).toHaveLength(2);
    await userEvent.keyboard("{Backspace}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(["d1"]);
    await expect(within(chips).getAllByRole("listitem")).toHaveLength(1);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
    await expect(input).toHaveFocus();
  },
};

/** Typing filters the options; Enter toggles the first match. */
export const Search: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole("combobox", { name: "Departments" });
    await userEvent.click(input);
    await userEvent.keyboard("fin");
    const listbox = await screen.findByRole("listbox");
    await expect(within(listbox).getAllByRole("option")).toHaveLength(1);
    await userEvent.keyboard("{Enter}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(["d3"]);
    await userEvent.clear(input);
    await userEvent.keyboard("zzz");
    await expect(within(listbox).getByRole("option", { name: "No matches" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await userEvent.keyboard("{Enter}");
    await expect(args.onValueChange).toHaveBeenCalledTimes(1);
  },
};

/** Disabled options are skipped by the arrow keys and cannot be toggled by click. */
export const DisabledOption: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole("combobox", { name: "Departments" });
    input.focus();
    await userEvent.keyboard("{ArrowDown}");
    const listbox = await screen.findByRole("listbox");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}");
    await expect(input).toHaveAttribute(
      "aria-activedescendant",
      within(listbox).getByRole("option", { name: "Operations" }).id,
    );
    await userEvent.click(within(listbox).getByRole("option", { name: "Legal" }));
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

/** Chips have labelled remove buttons reachable with Tab. */
export const WithSelection: Story = {
  args: { defaultValue: ["d2", "d4"] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Remove Support" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(["d4"]);
    await expect(canvas.queryByRole("button", { name: "Remove Support" })).toBeNull();
    await expect(canvas.getByRole("combobox", { name: "Departments" })).toHaveFocus();
  },
};

/** Mouse: click the field to open, click options to toggle; the list stays open. */
export const PointerSelection: Story = {
  render: function Render(args) {
    const [value, setValue] = useState<string[]>([]);
    return (
      <div>
        <MultiSelect {...args} value={value} onValueChange={setValue} />
        <p data-testid="out">{value.join(",") || "none"}</p>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("combobox", { name: "Departments" }));
    await userEvent.click(await screen.findByRole("option", { name: "Support" }));
    await userEvent.click(screen.getByRole("option", { name: "Marketing" }));
    await expect(canvas.getByTestId("out")).toHaveTextContent("d2,d4");
    await expect(screen.getByRole("listbox")).toBeInTheDocument();
  },
};

export const WithError: Story = {
  args: { required: true, error: "This is required", help: "Users see chats of their departments." },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("combobox", { name: /Departments/ });
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription("This is required Users see chats of their departments.");
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: ["d1"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("combobox", { name: "Departments" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Remove Sales" })).toBeDisabled();
  },
};

/** Values are submitted as repeated hidden inputs named `name`. */
export const InAForm: Story = {
  args: { defaultValue: ["d1", "d6"] },
  render: (args) => (
    <form data-testid="form">
      <MultiSelect {...args} />
    </form>
  ),
  play: async ({ canvasElement }) => {
    const form = within(canvasElement).getByTestId("form") as HTMLFormElement;
    await expect(new FormData(form).getAll("dept")).toEqual(["d1", "d6"]);
  },
};

const book: MultiSelectOption[] = Array.from({ length: 5 }, (_, i) => ({
  value: `c${i}`,
  label: `Contact ${i}`,
}));

/**
 * A caller with more options than it lists looks the search up (here: a pretend server) and passes the matches;
 * like compose, it keeps the chosen ones listed (with their names) after the search is cleared.
 */
function RemoteSearch(props: { onSearchChange: (q: string) => void }) {
  const [found, setFound] = useState<MultiSelectOption[]>([]);
  const [chosen, setChosen] = useState<MultiSelectOption[]>([]);
  const [value, setValue] = useState<string[]>([]);
  const extra = [...found, ...chosen.filter((c) => !found.some((f) => f.value === c.value))];
  const options = [...book, ...extra.filter((f) => !book.some((b) => b.value === f.value))];
  return (
    <MultiSelect
      label="Contacts"
      options={options}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        setChosen(options.filter((o) => next.includes(o.value)));
      }}
      onSearchChange={(q) => {
        props.onSearchChange(q);
        setFound(q.trim() ? [{ value: "far", label: `Zed Far Away (${q.trim()})` }] : []);
      }}
    />
  );
}

/** Enter picks the match found elsewhere and clears the search for the next pick; the chip keeps its name. */
export const SearchedElsewhere: Story = {
  render: (args) => <RemoteSearch onSearchChange={args.onSearchChange ?? (() => {})} />,
  args: { onSearchChange: fn() },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole("combobox", { name: "Contacts" });
    await userEvent.click(input);
    await userEvent.keyboard("zed");
    await expect(args.onSearchChange).toHaveBeenLastCalledWith("zed");
    const listbox = await screen.findByRole("listbox");
    await waitFor(() =>
      expect(within(listbox).getByRole("option", { name: "Zed Far Away (zed)" })).toBeInTheDocument(),
    );
    await userEvent.keyboard("{Enter}");
    await expect(input).toHaveValue("");
    await expect(args.onSearchChange).toHaveBeenLastCalledWith("");
    await expect(within(canvasElement).getByRole("list", { name: "Selected" })).toHaveTextContent(
      "Zed Far Away (zed)",
    );
    await expect(within(listbox).getByRole("option", { name: "Zed Far Away (zed)" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  },
};
