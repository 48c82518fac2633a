import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Box } from "../Box/Box";
import { Stack } from "./Stack";

const Tile = ({ children }: { children: string }) => (
  <Box padding="3" background="primarySoft" borderRadius="sm">
    {children}
  </Box>
);

const meta = {
  title: "Layout/Stack",
  component: Stack,
  args: { gap: "3" },
  render: (args) => (
    <Stack {...args}>
      <Tile>First</Tile>
      <Tile>Second</Tile>
      <Tile>Third</Tile>
    </Stack>
  ),
} satisfies Meta<typeof Stack>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const stack = within(canvasElement).getByText("First").parentElement as HTMLElement;
    await expect(getComputedStyle(stack).flexDirection).toBe("column");
    await expect(getComputedStyle(stack).rowGap).toBe("12px");
  },
};

export const Row: Story = { args: { direction: "row", align: "center" } };

/** A column on phones that becomes a row from 768 px. */
export const ResponsiveDirection: Story = { args: { direction: { base: "column", md: "row" }, gap: "4" } };

export const Wrapping: Story = {
  args: { direction: "row", wrap: true, gap: "2" },
  render: (args) => (
    <Stack {...args} style={{ maxWidth: 220 }}>
      {["Alpha", "Bravo", "Charlie", "Delta", "Echo"].map((n) => (
        <Tile key={n}>{n}</Tile>
      ))}
    </Stack>
  ),
};
