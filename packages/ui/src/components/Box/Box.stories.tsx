import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Box } from "./Box";

const meta = {
  title: "Layout/Box",
  component: Box,
  args: {
    padding: "4",
    background: "surface",
    borderRadius: "md",
    children: "A box with padding 4 (16 px) on the surface colour.",
  },
} satisfies Meta<typeof Box>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByText(/A box with padding/);
    await expect(getComputedStyle(box).paddingTop).toBe("16px");
  },
};

/** Responsive values: padding 2 below 768 px, 6 from 768 px. */
export const Responsive: Story = {
  args: { padding: { base: "2", md: "6" }, children: "Padding 8 px on phones, 24 px from 768 px." },
};

/** `as` renders another element: here a list. */
export const AsList: Story = {
  args: { as: "ul", display: "flex", gap: "3", padding: "0", background: "surfaceAlt" },
  render: (args) => (
    <Box {...args}>
      <li>One</li>
      <li>Two</li>
      <li>Three</li>
    </Box>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("listitem")).toHaveLength(3);
  },
};
