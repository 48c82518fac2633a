import { validateContactNumber } from "@herald/domain";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { PhoneInput, type PhoneValue } from "./PhoneInput";

const meta = {
  title: "Forms/PhoneInput",
  component: PhoneInput,
  args: { label: "Contact Number", name: "contactNumber", onValueChange: fn() },
} satisfies Meta<typeof PhoneInput>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Default region MY (+60). Non-digits typed are dropped. */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("group", { name: "Contact Number" })).toBeInTheDocument();
    const country = canvas.getByRole("button", { name: "Country code: Malaysia +60" });
    const input = canvas.getByRole("textbox", { name: "Contact Number" });
    await userEvent.tab();
    await expect(country).toHaveFocus();
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard("12-345 abc 6789");
    await expect(input).toHaveValue("123456789");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(
      { callingCode: "60", number: "123456789" },
      "MY",
    );
  },
};

/** Pick the country with the keyboard: Enter opens, type a code or name, Enter picks. */
export const ChangeCountry: Story = {
  args: { defaultRegion: "SG", defaultValue: undefined },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const country = canvas.getByRole("button", { name: "Country code: Singapore +65" });
    country.focus();
    await userEvent.keyboard("{Enter}");
    const search = await screen.findByRole("combobox", { name: "Search country code" });
    await waitFor(() => expect(search).toHaveFocus());
    await userEvent.keyboard("+62");
    await expect(within(screen.getByRole("listbox")).getAllByRole("option")[0]).toHaveTextContent(
      "Indonesia+62",
    );
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
    await expect(args.onValueChange).toHaveBeenLastCalledWith({ callingCode: "62", number: "" }, "ID");
    await expect(canvas.getByRole("button", { name: "Country code: Indonesia +62" })).toHaveFocus();
  },
};

/** A pasted international number keeps only its digits, up to `maxDigits`. */
export const PasteStripsAndLimits: Story = {
  args: { defaultRegion: "SG", maxDigits: 15 },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Contact Number" });
    await userEvent.click(input);
    await userEvent.paste("(+65) 9123-4567 ext. 12345678");
    await expect(input).toHaveValue("659123456712345");
  },
};

/** Validation message from the caller (the spec's contact number rule), announced with the input. */
export const WithValidation: Story = {
  args: { defaultRegion: "SG" },
  render: function Render(args) {
    const [value, setValue] = useState<PhoneValue>({ callingCode: "65", number: "12345" });
    return (
      <PhoneInput
        {...args}
        required
        value={value}
        onValueChange={setValue}
        error={validateContactNumber(value.number) ?? undefined}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: /Contact Number/ });
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription("Contact Number cannot be less than 7 digits");
    await userEvent.type(input, "678");
    await expect(input).not.toHaveAttribute("aria-invalid");
  },
};

/** A controlled value with a shared calling code shows that code's main region. */
export const ControlledSharedCode: Story = {
  args: { value: { callingCode: "1", number: "2025550123" } },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("button", { name: "Country code: United States +1" }),
    ).toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: { callingCode: "65", number: "91234567" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("textbox", { name: "Contact Number" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Country code: Singapore +65" })).toBeDisabled();
  },
};

/** A native form receives calling code then digits, no plus. */
export const InAForm: Story = {
  args: { defaultValue: { callingCode: "65", number: "91234567" } },
  render: (args) => (
    <form data-testid="form">
      <PhoneInput {...args} />
    </form>
  ),
  play: async ({ canvasElement }) => {
    const form = within(canvasElement).getByTestId("form") as HTMLFormElement;
    await expect(new FormData(form).get("contactNumber")).toBe("6591234567");
  },
};

/** The country button shows an SVG flag (decorative) beside the calling code; no emoji flag anywhere. */
export const SvgFlag: Story = {
  args: { defaultRegion: "SG", defaultValue: { callingCode: "65", number: "91234567" } },
  tags: ["screenshot"],
  parameters: { screenshot: { widths: [420] } },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Country code: Singapore +65" });
    await waitFor(
      () => {
        const image = button.querySelector<HTMLImageElement>("[data-flag='SG'] img");
        expect(image?.complete && image.naturalWidth > 0).toBe(true);
      },
      { timeout: 5000 },
    );
    await expect(button.querySelector("[data-flag]")).toHaveAttribute("aria-hidden", "true");
    await expect(canvasElement.textContent).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
  },
};
