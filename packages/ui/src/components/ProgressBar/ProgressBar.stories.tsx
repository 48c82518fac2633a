import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ProgressBar } from "./ProgressBar";

const meta = {
  title: "Feedback/ProgressBar",
  component: ProgressBar,
  args: { label: "Uploading contacts", value: 45, max: 100 },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar", { name: "Uploading contacts" });
    await expect(bar).toHaveAttribute("aria-valuenow", "45");
    await expect(bar).toHaveAttribute("aria-valuemax", "100");
    await expect(within(canvasElement).getByText("45%")).toBeVisible();
  },
};

/** value/max in any unit: 3 of 12 batches sent. */
export const OfMax: Story = {
  args: { label: "Sending broadcast", value: 3, max: 12, tone: "success" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("25%")).toBeVisible();
  },
};

export const Indeterminate: Story = {
  args: { label: "Preparing export", value: null },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar", { name: "Preparing export" });
    await expect(bar).not.toHaveAttribute("aria-valuenow");
    await expect(bar).toHaveAttribute("data-state", "indeterminate");
  },
};

export const Complete: Story = { args: { label: "Upload complete", value: 100, tone: "success" } };

/** Low credit: a warning tone. */
export const Warning: Story = { args: { label: "Credit used this month", value: 85, tone: "warning" } };

export const HiddenLabel: Story = {
  args: { label: "Campaign progress", hideLabel: true, value: 60, size: "sm" },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("progressbar", { name: "Campaign progress" }),
    ).toBeInTheDocument();
  },
};

/** Out-of-range values are clamped. */
export const Clamped: Story = {
  args: { label: "Over the limit", value: 140 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("100%")).toBeVisible();
  },
};
