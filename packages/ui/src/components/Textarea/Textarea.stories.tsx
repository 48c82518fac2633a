import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { Textarea } from "./Textarea";

const meta = {
  title: "Forms/Textarea",
  component: Textarea,
  args: { label: "Description", name: "desc", onChange: fn() },
} satisfies Meta<typeof Textarea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Description" });
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard("Line one{Enter}Line two");
    await expect(input).toHaveValue("Line one\nLine two");
  },
};

/** The spec's department description: optional, max 255, counter x/255. */
export const WithCounter: Story = {
  args: { maxLength: 255, showCounter: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("0/255")).toBeInTheDocument();
    await userEvent.type(canvas.getByRole("textbox", { name: "Description" }), "Handles refunds");
    await expect(canvas.getByText("15/255")).toBeInTheDocument();
  },
};

/** maxLength stops typing at the limit. */
export const AtLimit: Story = {
  args: { maxLength: 10, showCounter: true, defaultValue: "123456789" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: "Description" });
    await userEvent.type(input, "abc");
    await expect(input).toHaveValue("123456789a");
    await expect(canvas.getByText("10/10")).toBeInTheDocument();
  },
};

/** A custom counter line, e.g. the compose page's SMS count. */
export const CustomCounter: Story = {
  args: { label: "Message content" },
  render: function Render(args) {
    const [text, setText] = useState("");
    return (
      <Textarea
        {...args}
        value={text}
        onChange={(event) => setText(event.target.value)}
        counterLabel={`${text.length} characters`}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "Message content" }), "Hello");
    await expect(canvas.getByText("5 characters")).toBeInTheDocument();
  },
};

export const WithError: Story = {
  args: { required: true, error: "This is required", help: "Shown to subscribers." },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: /Description/ });
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toBeRequired();
    await expect(input).toHaveAccessibleDescription("This is required Shown to subscribers.");
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "Read only text" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("textbox", { name: "Description" })).toBeDisabled();
  },
};
