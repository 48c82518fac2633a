import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "../Button/Button";
import { Card } from "./Card";

const meta = {
  title: "Layout/Card",
  component: Card,
  args: {
    title: "Corporate credit",
    subtitle: "Shared by every user of the account",
    children: "SGD 12,450.00 available. Users draw their personal credit from this balance.",
  },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole("region", { name: "Corporate credit" });
    await expect(within(region).getByRole("heading", { level: 2 })).toHaveTextContent("Corporate credit");
  },
};

export const WithActionsAndFooter: Story = {
  tags: ["screenshot"],
  args: {
    actions: <Button size="sm">Top Up</Button>,
    footer: (
      <>
        <Button variant="outline" tone="secondary">
          Cancel
        </Button>
        <Button>Save</Button>
      </>
    ),
  },
};

/** Without a title the card is a plain container (no region landmark). */
export const Untitled: Story = {
  args: { title: undefined, subtitle: undefined, children: "Body only." },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("region")).toBeNull();
  },
};

export const NoPadding: Story = {
  args: {
    padding: "none",
    title: "Recent top ups",
    subtitle: undefined,
    children: (
      <ul style={{ margin: 0, padding: 16 }}>
        <li>01/03/2025 SGD 500.00</li>
        <li>14/02/2025 SGD 1,000.00</li>
      </ul>
    ),
  },
};

export const AsArticle: Story = { args: { as: "article", headingLevel: 3, title: "Campaign summary" } };
