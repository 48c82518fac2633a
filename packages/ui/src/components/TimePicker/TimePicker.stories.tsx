import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { TimePicker } from "./TimePicker";

const meta = {
  title: "Forms/TimePicker",
  component: TimePicker,
  args: { label: "Schedule Time", name: "scheduleTime", onValueChange: fn() },
} satisfies Meta<typeof TimePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 48 half-hour slots from 00:00 to 23:30; pick with the keyboard. */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole("combobox", { name: "Schedule Time" });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    const options = await screen.findAllByRole("option");
    await expect(options).toHaveLength(48);
    await expect(options[0]).toHaveTextContent("00:00");
    await expect(options[47]).toHaveTextContent("23:30");
    await waitFor(() => expect(options[0]).toHaveFocus());
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{Enter}");
    await expect(args.onValueChange).toHaveBeenCalledWith("01:30");
    await expect(trigger).toHaveTextContent("01:30");
  },
};

export const WithValue: Story = {
  args: { defaultValue: "09:30" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("combobox", { name: "Schedule Time" })).toHaveTextContent(
      "09:30",
    );
  },
};

/** Slots before `min` are disabled (e.g. a schedule for today cannot start in the past). */
export const WithMin: Story = {
  args: { min: "18:00" },
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole("combobox", { name: "Schedule Time" }).focus();
    await userEvent.keyboard("{Enter}");
    await expect(await screen.findByRole("option", { name: "17:30" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await expect(screen.getByRole("option", { name: "18:00" })).not.toHaveAttribute("aria-disabled");
    await userEvent.keyboard("{Escape}");
  },
};

export const HourlySteps: Story = {
  args: { step: 60 },
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole("combobox", { name: "Schedule Time" }).focus();
    await userEvent.keyboard("{Enter}");
    await expect(await screen.findAllByRole("option")).toHaveLength(24);
    await userEvent.keyboard("{Escape}");
  },
};

export const WithError: Story = {
  args: { required: true, error: "This is required" },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("combobox", { name: /Schedule Time/ });
    await expect(trigger).toHaveAttribute("aria-invalid", "true");
    await expect(trigger).toHaveAccessibleDescription("This is required");
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "10:00" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("combobox", { name: "Schedule Time" })).toBeDisabled();
  },
};
