import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Stepper } from "./Stepper";

const steps = [
  { title: "Information" },
  { title: "Campaign" },
  { title: "Recipients" },
  { title: "Message" },
  { title: "Summary" },
];

const meta = {
  title: "Data/Stepper",
  component: Stepper,
  args: { steps, activeStep: 2 },
} satisfies Meta<typeof Stepper>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Steps are 0..4 internally and numbered 1..5 on screen. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole("listitem");
    await expect(items).toHaveLength(5);
    await expect(items[2]).toHaveAttribute("aria-current", "step");
    await expect(items[2]).toHaveTextContent("3");
    await expect(items[0]).toHaveTextContent("Information (completed)");
    await expect(items[4]).toHaveTextContent("5");
    await expect(canvas.getByRole("navigation", { name: "Progress" })).toBeInTheDocument();
  },
};

export const FirstStep: Story = {
  args: { activeStep: 0 },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole("listitem");
    await expect(items[0]).toHaveAttribute("aria-current", "step");
    await expect(items.filter((i) => i.hasAttribute("aria-current"))).toHaveLength(1);
  },
};

export const LastStep: Story = {
  args: { activeStep: 4 },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole("listitem");
    await expect(items[4]).toHaveAttribute("aria-current", "step");
    await expect(within(canvasElement).getAllByText("(completed)", { exact: false })).toHaveLength(4);
  },
};

export const WithDescriptions: Story = {
  args: {
    steps: [
      { title: "Campaign", description: "Channel and sender" },
      { title: "Recipients", description: "Numbers, contacts or a file" },
      { title: "Message", description: "Template and text" },
      { title: "Schedule", description: "Now or later" },
      { title: "Next steps", description: "Preview" },
    ],
    activeStep: 1,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Numbers, contacts or a file")).toBeVisible();
  },
};

/** Completed steps become buttons that go back. */
export const ClickableCompletedSteps: Story = {
  args: { activeStep: 3, onStepClick: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("button")).toHaveLength(3);
    await userEvent.click(canvas.getByRole("button", { name: /Campaign/ }));
    await expect(args.onStepClick).toHaveBeenCalledWith(1);
  },
};
