import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Wizard } from "./Wizard";

const broadcastSteps = [
  { title: "Information" },
  { title: "Campaign" },
  { title: "Recipients" },
  { title: "Message" },
  { title: "Summary" },
];

const help = (step: number) => (
  <p>
    {step === 3
      ? "A text (live) broadcast is for recipients who contacted you within the last 24 hours."
      : "Fill in this step, then press Next."}
  </p>
);

const meta = {
  title: "Data/Wizard",
  component: Wizard,
  args: {
    steps: broadcastSteps,
    children: (step: number) => <p>Content of step {step + 1}.</p>,
    help,
    onStepChange: fn(),
    onDone: fn(),
  },
} satisfies Meta<typeof Wizard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole("listitem");
    await expect(items[0]).toHaveAttribute("aria-current", "step");
    await expect(canvas.getByRole("button", { name: "Back" })).toBeDisabled();
    await userEvent.click(canvas.getByRole("button", { name: "Next" }));
    await expect(args.onStepChange).toHaveBeenLastCalledWith(1);
    await expect(items[1]).toHaveAttribute("aria-current", "step");
    await expect(canvas.getByRole("heading", { name: "Campaign" })).toHaveFocus();
    await expect(canvas.getByText("Content of step 2.")).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Back" }));
    await expect(items[0]).toHaveAttribute("aria-current", "step");
  },
};

/** The side help card follows the step. */
export const HelpCard: Story = {
  tags: ["screenshot"],
  args: { defaultActiveStep: 3 },
  play: async ({ canvasElement }) => {
    const help = within(canvasElement).getByRole("complementary", { name: "Help" });
    await expect(help).toHaveTextContent("within the last 24 hours");
  },
};

/** `canNext` returns a message to block Next; the message is announced. */
export const ValidationBlocksNext: Story = {
  render: (args) => {
    const [name, setName] = useState("");
    return (
      <Wizard
        {...args}
        canNext={(step) => (step === 0 && name.trim() === "" ? "Broadcast Name is Required!" : true)}
      >
        {(step) =>
          step === 0 ? (
            <label>
              Broadcast Name <input value={name} onChange={(e) => setName(e.target.value)} />
            </label>
          ) : (
            <p>Step {step + 1}</p>
          )
        }
      </Wizard>
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Next" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Broadcast Name is Required!");
    await expect(canvas.getAllByRole("listitem")[0]).toHaveAttribute("aria-current", "step");
    await expect(args.onStepChange).not.toHaveBeenCalled();
    await userEvent.type(canvas.getByRole("textbox", { name: "Broadcast Name" }), "March promo");
    await userEvent.click(canvas.getByRole("button", { name: "Next" }));
    await expect(canvas.getAllByRole("listitem")[1]).toHaveAttribute("aria-current", "step");
    await expect(canvas.queryByRole("alert")).toBeNull();
  },
};

/** An async check (e.g. the server's name check) keeps Next busy until it answers. */
export const AsyncValidation: Story = {
  args: {
    canNext: () =>
      new Promise<string>((resolve) =>
        setTimeout(() => resolve("Broadcast Name already exists. Please use another name."), 150),
      ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const next = canvas.getByRole("button", { name: "Next" });
    await userEvent.click(next);
    await expect(next).toHaveAttribute("aria-busy", "true");
    await waitFor(() =>
      expect(canvas.getByRole("alert")).toHaveTextContent("Broadcast Name already exists."),
    );
    await expect(next).not.toHaveAttribute("aria-busy");
  },
};

/** The last step shows Done, which runs the check and then `onDone`. */
export const LastStep: Story = {
  args: { defaultActiveStep: 4 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("button", { name: "Next" })).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Done" }));
    await expect(args.onDone).toHaveBeenCalledTimes(1);
  },
};

/** The compose wizard's labels: Previous / Next / Done, and "Processing complete!" when done. */
export const ComposeMessage: Story = {
  args: {
    steps: [
      { title: "Campaign & channel" },
      { title: "Recipients" },
      { title: "Message" },
      { title: "Schedule" },
      { title: "Next steps" },
    ],
    backLabel: "Previous",
    help: undefined,
    label: "Compose message steps",
  },
  render: (args) => {
    const [done, setDone] = useState(false);
    return (
      <div>
        <Wizard {...args} onDone={() => setDone(true)} />
        {done && <p role="status">Processing complete!</p>}
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (let i = 0; i < 4; i += 1) await userEvent.click(canvas.getByRole("button", { name: "Next" }));
    await expect(canvas.getAllByRole("listitem")[4]).toHaveAttribute("aria-current", "step");
    await userEvent.click(canvas.getByRole("button", { name: "Previous" }));
    await userEvent.click(canvas.getByRole("button", { name: "Next" }));
    await userEvent.click(canvas.getByRole("button", { name: "Done" }));
    await expect(canvas.getByRole("status")).toHaveTextContent("Processing complete!");
    await expect(canvas.queryByRole("complementary")).toBeNull();
  },
};
