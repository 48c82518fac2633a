import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { ChangeDiff } from "./ChangeDiff";

const meta = {
  title: "Data/ChangeDiff",
  component: ChangeDiff,
  args: {
    changes: [
      { label: "Role", before: "Agent", after: "Admin" },
      { label: "Departments", before: "Sales", after: "Sales, Support" },
    ],
  },
} satisfies Meta<typeof ChangeDiff>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A permission change: each field reads "from … to …" for screen readers. */
export const Playground: Story = {
  tags: ["screenshot"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const role = canvas.getByText("Role:").closest("div") as HTMLElement;
    await expect(role).toHaveTextContent("Role:from Agent→ to Admin");
    await expect(canvas.getByText("Agent").tagName).toBe("DEL");
    await expect(canvas.getByText("Admin").tagName).toBe("INS");
  },
};

/** Money: a credit grant. */
export const Money: Story = {
  args: { changes: [{ label: "Corporate balance", before: "SGD 120.00", after: "SGD 620.00" }] },
};

/** Something created (only after) and something removed (only before). */
export const SetAndRemoved: Story = {
  args: {
    changes: [
      { label: "Sender ID", after: "ACME" },
      { label: "Keyword on +65 8000 0001", before: "SHOP" },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Sender ID:").closest("div")).toHaveTextContent("set to ACME");
    await expect(canvas.getByText("Keyword on +65 8000 0001:").closest("div")).toHaveTextContent(
      "SHOP removed",
    );
  },
};

/** Many fields: the first four show, a button shows the rest and hides them again. */
export const Long: Story = {
  args: {
    changes: ["SMS", "E-mail", "WhatsApp", "Telegram", "Messenger", "LINE", "Viber"].map((channel, i) => ({
      label: `${channel} price`,
      before: `SGD 0.0${i + 1}`,
      after: `SGD 0.0${i + 2}`,
    })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("term")).toHaveLength(4);
    const more = canvas.getByRole("button", { name: "Show all 7 changes" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(more);
    await expect(canvas.getAllByRole("term")).toHaveLength(7);
    await userEvent.click(canvas.getByRole("button", { name: "Show fewer" }));
    await expect(canvas.getAllByRole("term")).toHaveLength(4);
  },
};

/** Nothing recorded (a sign-in). */
export const Empty: Story = {
  args: { changes: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No details recorded")).toBeVisible();
  },
};

/** Long values wrap inside a narrow cell instead of widening it. */
export const LongValues: Story = {
  decorators: [(Story) => <div style={{ width: 220 }}>{Story()}</div>],
  args: {
    changes: [
      {
        label: "Auto-reply message",
        before: "Thanks for your message, we will answer within one working day.",
        after: "Thanks! Our team answers every message within two hours on weekdays.",
      },
    ],
  },
};
