import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { OtpInput } from "./OtpInput";

const meta = {
  title: "Forms/OtpInput",
  component: OtpInput,
  args: { label: "Verification code", name: "otptoken", onValueChange: fn(), onComplete: fn() },
} satisfies Meta<typeof OtpInput>;
export default meta;
type Story = StoryObj<typeof meta>;

const boxes = (canvasElement: HTMLElement) => within(canvasElement).getAllByRole("textbox");

/** Typing moves to the next box; the sixth digit completes the code. */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("group", { name: "Verification code" })).toBeInTheDocument();
    const inputs = boxes(canvasElement);
    await expect(inputs).toHaveLength(6);
    await expect(inputs[0]).toHaveAccessibleName("Digit 1 of 6");
    await userEvent.tab();
    await expect(inputs[0]).toHaveFocus();
    await userEvent.keyboard("12x3");
    await expect(inputs[2]).toHaveValue("3");
    await expect(inputs[3]).toHaveFocus();
    await userEvent.keyboard("456");
    await expect(args.onComplete).toHaveBeenCalledOnce();
    await expect(args.onComplete).toHaveBeenCalledWith("123456");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("123456");
  },
};

/** Backspace clears the box, then goes back and clears the previous one. Arrows, Home and End move. */
export const BackspaceAndArrows: Story = {
  args: { defaultValue: "1234" },
  play: async ({ canvasElement, args }) => {
    const inputs = boxes(canvasElement);
    await userEvent.click(inputs[4]!);
    await userEvent.keyboard("{Backspace}");
    await expect(inputs[3]).toHaveFocus();
    await expect(inputs[3]).toHaveValue("");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("123");
    await userEvent.keyboard("{Backspace}");
    await expect(inputs[2]).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}");
    await expect(inputs[1]).toHaveFocus();
    await userEvent.keyboard("{End}");
    await expect(inputs[5]).toHaveFocus();
    await userEvent.keyboard("{Home}");
    await expect(inputs[0]).toHaveFocus();
    await userEvent.keyboard("9");
    await expect(inputs[0]).toHaveValue("9");
    await expect(inputs[1]).toHaveFocus();
  },
};

/** Pasting a 6-digit code (even with spaces) fills every box and completes. */
export const PasteCode: Story = {
  play: async ({ canvasElement, args }) => {
    const inputs = boxes(canvasElement);
    await userEvent.click(inputs[2]!);
    await userEvent.paste("482 913");
    await expect(inputs.map((input) => (input as HTMLInputElement).value).join("")).toBe("482913");
    await expect(args.onComplete).toHaveBeenCalledWith("482913");
    await expect(inputs[5]).toHaveFocus();
  },
};

/** The spec's resend: a 30-second countdown with the button disabled. */
export const ResendCountdown: Story = {
  args: { onResend: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const resend = canvas.getByRole("button", { name: "Resend code" });
    await userEvent.click(resend);
    await expect(args.onResend).toHaveBeenCalledOnce();
    await expect(resend).toHaveTextContent("Resend code in 30s");
    await expect(resend).toHaveAttribute("aria-disabled", "true");
    await expect(resend).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onResend).toHaveBeenCalledOnce();
    await waitFor(() => expect(resend).toHaveTextContent("Resend code in 29s"), { timeout: 2000 });
  },
};

/** A short cooldown shows the button coming back when the countdown ends. */
export const ResendAvailableAgain: Story = {
  args: { onResend: fn(), resendCooldown: 2, resendStartsWithCooldown: true },
  play: async ({ canvasElement }) => {
    const resend = within(canvasElement).getByRole("button", { name: /Resend code/ });
    await expect(resend).toHaveTextContent("Resend code in 2s");
    await expect(resend).toHaveAttribute("aria-disabled", "true");
    await waitFor(() => expect(resend).not.toHaveAttribute("aria-disabled"), { timeout: 3500 });
    await expect(resend).toHaveTextContent(/^Resend code$/);
  },
};

export const WithError: Story = {
  tags: ["screenshot"],
  parameters: { screenshot: { widths: [420] } },
  args: { defaultValue: "123456", error: "Invalid OTP", help: "We sent a 6-digit code to your e-mail." },
  play: async ({ canvasElement }) => {
    const inputs = boxes(canvasElement);
    await expect(inputs[0]).toHaveAttribute("aria-invalid", "true");
    await expect(inputs[0]).toHaveAccessibleDescription("Invalid OTP We sent a 6-digit code to your e-mail.");
  },
};

export const Disabled: Story = {
  args: { disabled: true, onResend: fn() },
  play: async ({ canvasElement }) => {
    for (const input of boxes(canvasElement)) await expect(input).toBeDisabled();
    await expect(within(canvasElement).getByRole("button", { name: "Resend code" })).toBeDisabled();
  },
};

/** The code is submitted as one field. */
export const InAForm: Story = {
  args: { defaultValue: "654321" },
  render: (args) => (
    <form data-testid="form">
      <OtpInput {...args} />
    </form>
  ),
  play: async ({ canvasElement }) => {
    const form = within(canvasElement).getByTestId("form") as HTMLFormElement;
    await expect(new FormData(form).get("otptoken")).toBe("654321");
  },
};

/** Retyping a code over its digits: a digit equal to the box's one moves on like any other. */
export const RetypeOverDigits: Story = {
  args: { defaultValue: "123456" },
  play: async ({ canvasElement, args }) => {
    const inputs = boxes(canvasElement);
    await userEvent.click(inputs[0]!);
    await userEvent.keyboard("1");
    await expect(inputs[1]).toHaveFocus();
    await userEvent.keyboard("9");
    await expect(inputs[1]).toHaveValue("9");
    await expect(inputs[2]).toHaveFocus();
    await userEvent.keyboard("3456");
    await expect(inputs[5]).toHaveFocus();
    await expect(inputs.map((input) => (input as HTMLInputElement).value).join("")).toBe("193456");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("193456");
  },
};
