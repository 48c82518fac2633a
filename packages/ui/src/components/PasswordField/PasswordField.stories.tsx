import { PASSWORD_COMPOSITION } from "@herald/domain";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { PasswordField } from "./PasswordField";

const meta = {
  title: "Forms/PasswordField",
  component: PasswordField,
  args: { label: "Password", name: "password", autoComplete: "new-password", onChange: fn() },
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Tab in: the rules appear; the toggle shows and hides the password; tabbing out hides the rules. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText("Password");
    await expect(input).toHaveAttribute("type", "password");
    await expect(canvas.getByText(PASSWORD_COMPOSITION)).not.toBeVisible();
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await expect(canvas.getByText(PASSWORD_COMPOSITION)).toBeVisible();
    await userEvent.keyboard("Secret#Pass123");
    await userEvent.tab();
    const toggle = canvas.getByRole("button", { name: "Show password" });
    await expect(toggle).toHaveFocus();
    await expect(canvas.getByText(PASSWORD_COMPOSITION)).toBeVisible();
    await userEvent.keyboard("{Enter}");
    await expect(input).toHaveAttribute("type", "text");
    await expect(input).toHaveValue("Secret#Pass123");
    await expect(toggle).toHaveAccessibleName("Hide password");
    await userEvent.keyboard(" ");
    await expect(input).toHaveAttribute("type", "password");
    await userEvent.tab();
    await expect(canvas.getByText(PASSWORD_COMPOSITION)).not.toBeVisible();
  },
};

/** The rule text is part of the input's description even while visually hidden. */
export const RulesInDescription: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText("Password");
    await expect(input).toHaveAccessibleDescription(PASSWORD_COMPOSITION);
  },
};

export const Visible: Story = {
  args: { defaultVisible: true, defaultValue: "Secret#Pass123" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("Password")).toHaveAttribute("type", "text");
    await expect(canvas.getByRole("button", { name: "Hide password" })).toBeInTheDocument();
  },
};

export const WithError: Story = {
  args: { required: true, error: "Password must be at least 12 characters long", defaultValue: "short" },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText(/Password/);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(
      `Password must be at least 12 characters long ${PASSWORD_COMPOSITION}`,
    );
  },
};

/** The confirm field of the registration form: no rules hint, its own mismatch message. */
export const ConfirmWithoutRules: Story = {
  args: {
    label: "Confirm Password",
    name: "confirmPass",
    rulesHint: null,
    error: "Passwords do not match!",
    showPasswordLabel: "Show confirm password",
    hidePasswordLabel: "Hide confirm password",
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText("Confirm Password");
    await userEvent.click(input);
    await expect(canvas.queryByText(PASSWORD_COMPOSITION)).toBeNull();
    await expect(input).toHaveAccessibleDescription("Passwords do not match!");
    await userEvent.click(canvas.getByRole("button", { name: "Show confirm password" }));
    await expect(input).toHaveAttribute("type", "text");
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "Secret#Pass123" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("Password")).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Show password" })).toBeDisabled();
  },
};
