import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Spinner } from "./Spinner";

const meta = {
  title: "Feedback/Spinner",
  component: Spinner,
  args: { label: "Loading", size: "md", showLabel: false },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading");
  },
};

export const Small: Story = { args: { size: "sm", label: "Saving" } };

export const LargeWithVisibleLabel: Story = {
  args: { size: "lg", label: "Loading contacts", showLabel: true },
  tags: ["screenshot"],
  parameters: { screenshot: { widths: [420] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Loading contacts")).toBeVisible();
  },
};
