import { validateContactNumber } from "@herald/domain";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { TagInput } from "./TagInput";

const validateMobile = (tag: string) =>
  /^\d+$/.test(tag) ? validateContactNumber(tag) : "Only digits are allowed";

const meta = {
  title: "Forms/TagInput",
  component: TagInput,
  args: {
    label: "Mobile numbers",
    name: "mobile",
    help: "With country code, e.g. 6591234567. Separate with Enter, comma or space.",
    validate: validateMobile,
    normalize: (piece: string) => piece.trim().replace(/^\+/, ""),
    inputMode: "numeric",
    onValueChange: fn(),
  },
} satisfies Meta<typeof TagInput>;
export default meta;
type Story = StoryObj<typeof meta>;

const tagList = (canvasElement: HTMLElement) => within(canvasElement).getByRole("list", { name: "Tags" });

/** Enter, comma and space make tags; Backspace in the empty input removes the last one. */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: "Mobile numbers" });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard("6591234567{Enter}");
    await userEvent.keyboard("+6598765432,");
    await userEvent.keyboard("60123456789 ");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(["6591234567", "6598765432", "60123456789"]);
    await expect(within(tagList(canvasElement)).getAllByRole("listitem")).toHaveLength(3);
    await expect(input).toHaveValue("");
    await userEvent.keyboard("{Backspace}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(["6591234567", "6598765432"]);
    await expect(canvas.getByText("60123456789 removed.")).toBeInTheDocument();
  },
};

/** Pasting many numbers separated by newlines, commas or spaces adds them all at once. */
export const PasteMany: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Mobile numbers" });
    await userEvent.click(input);
    await userEvent.paste("6591111111\n6592222222, 6593333333\t6594444444;6595555555");
    await expect(args.onValueChange).toHaveBeenLastCalledWith([
      "6591111111",
      "6592222222",
      "6593333333",
      "6594444444",
      "6595555555",
    ]);
    await expect(input).toHaveValue("");
  },
};

/**
 * One valid value pasted into the empty input becomes a tag at once; one invalid value stays in the input to be
 * edited, then Enter adds it.
 */
export const PasteOne: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Mobile numbers" });
    await userEvent.click(input);
    await userEvent.paste("6591111111");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(["6591111111"]);
    await expect(input).toHaveValue("");
    await expect(within(tagList(canvasElement)).getAllByRole("listitem")).toHaveLength(1);
    await userEvent.paste("65222");
    await expect(input).toHaveValue("65222");
    await expect(args.onValueChange).toHaveBeenCalledTimes(1);
    await userEvent.keyboard("2222{Enter}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(["6591111111", "652222222"]);
  },
};

/** Invalid tags stay, in the danger tone, with their messages listed and announced with the input. */
export const InvalidTags: Story = {
  tags: ["screenshot"],
  parameters: { screenshot: { widths: [420] } },
  args: { defaultValue: ["6591234567", "12345", "65abc", "1234567890123456"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: "Mobile numbers" });
    await expect(input).toHaveAttribute("aria-invalid", "true");
    const items = within(tagList(canvasElement)).getAllByRole("listitem");
    await expect(items[0]).not.toHaveAttribute("data-invalid");
    await expect(items[1]).toHaveAttribute("data-invalid", "true");
    await expect(canvas.getByText("12345: Contact Number cannot be less than 7 digits")).toBeVisible();
    await expect(canvas.getByText("65abc: Only digits are allowed")).toBeVisible();
    await expect(canvas.getByText("1234567890123456: Contact Number cannot exceed 15 digits.")).toBeVisible();
    await expect(input).toHaveAccessibleDescription(/12345: Contact Number cannot be less than 7 digits/);
  },
};

/** Remove buttons are labelled with their tag and reachable with Tab. */
export const RemoveWithKeyboard: Story = {
  args: { defaultValue: ["6591234567", "6598765432"] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Remove 6591234567" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(["6598765432"]);
    await expect(canvas.getByRole("textbox", { name: "Mobile numbers" })).toHaveFocus();
  },
};

/** A repeated number is ignored; leaving the field adds what was typed. */
export const DuplicatesAndBlur: Story = {
  args: { defaultValue: ["6591234567"] },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Mobile numbers" });
    await userEvent.click(input);
    await userEvent.keyboard("6591234567{Enter}");
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.keyboard("6590000000");
    await userEvent.tab();
    await expect(args.onValueChange).toHaveBeenLastCalledWith(["6591234567", "6590000000"]);
  },
};

export const WithFieldError: Story = {
  args: { required: true, error: "This is required" },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: /Mobile numbers/ });
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(/^This is required/);
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: ["6591234567"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("textbox", { name: "Mobile numbers" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Remove 6591234567" })).toBeDisabled();
  },
};

/** Tags are submitted as repeated hidden inputs named `name`. */
export const InAForm: Story = {
  args: { defaultValue: ["6591234567", "6598765432"] },
  render: (args) => (
    <form data-testid="form">
      <TagInput {...args} />
    </form>
  ),
  play: async ({ canvasElement }) => {
    const form = within(canvasElement).getByTestId("form") as HTMLFormElement;
    await expect(new FormData(form).getAll("mobile")).toEqual(["6591234567", "6598765432"]);
  },
};
