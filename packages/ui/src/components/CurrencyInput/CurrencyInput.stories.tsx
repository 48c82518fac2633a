import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { CurrencyInput } from "./CurrencyInput";

const meta = {
  title: "Forms/CurrencyInput",
  component: CurrencyInput,
  args: { label: "Amount", name: "amount", onValueChange: fn() },
} satisfies Meta<typeof CurrencyInput>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Typing keeps two decimals; the value leaves in cents; leaving the field formats it. */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("spinbutton", { name: "Amount" });
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Decrease amount" })).toHaveFocus();
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard("1234.567");
    await expect(input).toHaveValue("1234.56");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(123456);
    await userEvent.tab();
    await expect(input).toHaveValue("1,234.56");
    await expect(input).toHaveAttribute("aria-valuetext", "SGD 1,234.56");
  },
};

/** The credit form: minus cannot go below 0 and stays focusable (aria-disabled) at the limit. */
export const MinusStopsAtZero: Story = {
  args: { defaultValue: 150, max: 100_000 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const minus = canvas.getByRole("button", { name: "Decrease amount" });
    const input = canvas.getByRole("spinbutton", { name: "Amount" });
    await userEvent.tab();
    await expect(minus).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(input).toHaveValue("0.50");
    await userEvent.keyboard("{Enter}");
    await expect(input).toHaveValue("0.00");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(0);
    await expect(minus).toHaveAttribute("aria-disabled", "true");
    await expect(minus).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(input).toHaveValue("0.00");
    await expect(args.onValueChange).toHaveBeenCalledTimes(2);
  },
};

/** Plus works only below the max (e.g. the corporate balance). */
export const PlusStopsAtMax: Story = {
  args: { defaultValue: 99_850, max: 100_000, help: "Corporate balance: SGD 1,000.00" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const plus = canvas.getByRole("button", { name: "Increase amount" });
    await userEvent.click(plus);
    await expect(canvas.getByRole("spinbutton", { name: "Amount" })).toHaveValue("999.50");
    await userEvent.click(plus);
    await expect(canvas.getByRole("spinbutton", { name: "Amount" })).toHaveValue("1,000.00");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(100_000);
    await expect(plus).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(plus);
    await expect(args.onValueChange).toHaveBeenCalledTimes(2);
  },
};

/** An amount above the max stays as typed when the field is left (formatted): the form names the limit. */
export const KeepsWhatWasTyped: Story = {
  args: { max: 100_000 },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole("spinbutton", { name: "Amount" });
    await userEvent.type(input, "99999");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(9_999_900);
    await userEvent.tab();
    await expect(input).toHaveValue("99,999.00");
    await expect(args.onValueChange).toHaveBeenLastCalledWith(9_999_900);
  },
};

/** ArrowUp and ArrowDown step by `step` (here 10.00). Letters are ignored. */
export const ArrowKeys: Story = {
  args: { step: 1000, defaultValue: 5000 },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("spinbutton", { name: "Amount" });
    await userEvent.click(input);
    await userEvent.keyboard("{ArrowUp}{ArrowUp}");
    await expect(input).toHaveValue("70.00");
    await userEvent.keyboard("{ArrowDown}");
    await expect(input).toHaveValue("60.00");
    await userEvent.keyboard("abc");
    await expect(input).toHaveValue("60.00");
  },
};

/** Controlled in cents by the parent. */
export const Controlled: Story = {
  render: function Render(args) {
    const [cents, setCents] = useState<number | null>(2000);
    return (
      <div>
        <CurrencyInput {...args} value={cents} onValueChange={setCents} />
        <p data-testid="out">{cents === null ? "empty" : cents}</p>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("spinbutton", { name: "Amount" });
    await expect(input).toHaveValue("20.00");
    await userEvent.clear(input);
    await expect(canvas.getByTestId("out")).toHaveTextContent("empty");
    await userEvent.type(input, "0.29");
    await expect(canvas.getByTestId("out")).toHaveTextContent("29");
  },
};

export const WithoutStepper: Story = {
  args: { showStepper: false, label: "Custom amount" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button")).toBeNull();
  },
};

export const WithError: Story = {
  tags: ["screenshot"],
  parameters: { screenshot: { widths: [420] } },
  args: { required: true, error: "Please select or enter amount" },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("spinbutton", { name: /Amount/ });
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription("Please select or enter amount");
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 1000 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("spinbutton", { name: "Amount" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Increase amount" })).toBeDisabled();
  },
};
