import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "../Button/Button";
import { EmptyState } from "./EmptyState";

const meta = {
  title: "Feedback/EmptyState",
  component: EmptyState,
  args: { title: "No contacts yet", description: "Add contacts one by one or upload a CSV or XLSX file." },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { name: "No contacts yet" })).toBeVisible();
  },
};

const onAdd = fn();

export const WithAction: Story = {
  args: { action: <Button onClick={onAdd}>Add Contact</Button> },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Add Contact" }));
    await expect(onAdd).toHaveBeenCalledOnce();
  },
};

export const SearchNoResults: Story = {
  args: { icon: "search", title: "No results", description: "No user matches “tan”. Try another name." },
};

export const TitleOnly: Story = { args: { icon: null, description: undefined, title: "No notifications" } };
