import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { Checkbox } from "../Checkbox/Checkbox";
import { Callout, type CalloutTone } from "./Callout";

const tones: CalloutTone[] = ["info", "success", "warning", "danger"];

const WARNING =
  "DemoCo is not registered with Singapore's SMS Sender ID Registry: 12 messages to Singapore numbers may be shown as Likely-SCAM.";

const meta = {
  title: "Feedback/Callout",
  component: Callout,
  args: { tone: "warning", title: "Check before sending", children: <p>{WARNING}</p> },
  argTypes: { tone: { control: "select", options: tones } },
} satisfies Meta<typeof Callout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("img", { name: "Warning" })).toBeVisible();
    await expect(canvas.getByText("Check before sending")).toBeVisible();
  },
};

const samples: Record<CalloutTone, [string, string]> = {
  info: ["Good to know", "Times are in the company's time zone."],
  success: ["Sender ID approved", "HERALD can now be chosen on Compose Message."],
  warning: ["Check before sending", WARNING],
  danger: ["Not enough credit", "This send costs SGD 12.40 and your credit is SGD 3.00."],
};

const AllTones = () => (
  <div style={{ display: "grid", gap: 12, maxWidth: 640 }}>
    {tones.map((tone) => (
      <Callout key={tone} tone={tone} title={samples[tone][0]}>
        <p>{samples[tone][1]}</p>
      </Callout>
    ))}
  </div>
);

export const Tones: Story = {
  tags: ["screenshot"],
  parameters: { screenshot: { widths: [420] } },
  render: () => <AllTones />,
};

export const TonesDark: Story = {
  tags: ["screenshot"],
  globals: { theme: "dark" },
  parameters: { screenshot: { widths: [420] } },
  render: () => <AllTones />,
};

/** Several warnings at once are a list. */
export const SeveralWarnings: Story = {
  args: {
    children: (
      <ul>
        <li>{WARNING}</li>
        <li>3 recipients have not answered in 30 days.</li>
      </ul>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("listitem")).toHaveLength(2);
  },
};

/** Without a title: one line. */
export const TextOnly: Story = {
  args: { tone: "info", title: undefined, children: "No recipient is left." },
};

/** A warning the user must acknowledge before the action (compose's preview: "Send anyway"). */
export const WithAcknowledgement: Story = {
  args: { role: "alert" },
  render: (args) => {
    const [checked, setChecked] = useState(false);
    return (
      <Callout {...args}>
        <p>{WARNING}</p>
        <Checkbox label="Send anyway" checked={checked} onCheckedChange={(c) => setChecked(c === true)} />
      </Callout>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent(WARNING);
    const box = canvas.getByRole("checkbox", { name: "Send anyway" });
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(box).toBeChecked();
  },
};
