import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button, type ButtonTone, type ButtonVariant } from "./Button";

const PlusIcon = () => (
  <svg
    viewBox="0 0 16 16"
    width="16"
    height="16"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M8 3v10M3 8h10" />
  </svg>
);
const ArrowIcon = () => (
  <svg
    viewBox="0 0 16 16"
    width="16"
    height="16"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M3 8h10M9 4l4 4-4 4" />
  </svg>
);
const TrashIcon = () => (
  <svg
    viewBox="0 0 16 16"
    width="16"
    height="16"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    aria-hidden="true"
  >
    <path d="M3 4h10M6 4V2.5h4V4M4.5 4l.7 9.5h5.6l.7-9.5" />
  </svg>
);

const meta = {
  title: "Forms/Button",
  component: Button,
  args: { children: "Save changes", onClick: fn() },
  argTypes: {
    variant: { control: "inline-radio", options: ["solid", "outline", "ghost", "link"] },
    tone: { control: "select", options: ["primary", "success", "danger", "warning", "secondary"] },
    size: { control: "inline-radio", options: ["sm", "md", "lg"] },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Save changes" });
    await expect(button).toHaveAttribute("type", "button");
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await userEvent.keyboard(" ");
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

const variants: ButtonVariant[] = ["solid", "outline", "ghost", "link"];
const tones: ButtonTone[] = ["primary", "success", "danger", "warning", "secondary"];

/** Every variant in every tone. */
export const VariantsAndTones: Story = {
  tags: ["screenshot"],
  parameters: { screenshot: { widths: [768] } },
  render: (args) => (
    <div style={{ display: "grid", gap: 12 }}>
      {variants.map((variant) => (
        <div key={variant} style={{ display: "flex", flexWrap: "wrap", gap: 8 }}>
          {tones.map((tone) => (
            <Button key={tone} {...args} variant={variant} tone={tone}>
              {`${variant} ${tone}`}
            </Button>
          ))}
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("button")).toHaveLength(variants.length * tones.length);
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: "flex", alignItems: "center", gap: 8 }}>
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const small = canvas.getByRole("button", { name: "Small" }).getBoundingClientRect().height;
    const large = canvas.getByRole("button", { name: "Large" }).getBoundingClientRect().height;
    await expect(large).toBeGreaterThan(small);
  },
};

export const WithIcons: Story = {
  args: { children: "Add contact", iconStart: <PlusIcon />, iconEnd: <ArrowIcon /> },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Add contact" });
    await expect(button.querySelectorAll('[aria-hidden="true"] svg')).toHaveLength(2);
  },
};

/** An icon-only button takes its accessible name from aria-label. */
export const IconOnly: Story = {
  args: {
    children: undefined,
    "aria-label": "Delete selected",
    iconStart: <TrashIcon />,
    tone: "danger",
    variant: "ghost",
  },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Delete selected" });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

/** While loading: spinner, aria-busy, still focusable, activation ignored. */
export const Loading: Story = {
  args: { loading: true, children: "Sending" },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Sending" });
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(within(button).getByTestId("button-spinner")).toBeInTheDocument();
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** A loading submit button does not submit its form. */
export const LoadingSubmit: Story = {
  args: { loading: true, type: "submit", children: "Sign up" },
  render: (args) => {
    const onSubmit = fn();
    return (
      <form
        data-testid="form"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
          event.currentTarget.dataset.submitted = "yes";
        }}
      >
        <Button {...args} />
      </form>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Sign up" }));
    await expect(canvas.getByTestId("form")).not.toHaveAttribute("data-submitted");
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  render: (args) => (
    <div style={{ display: "flex", gap: 8 }}>
      <Button {...args} />
      <Button onClick={args.onClick}>Next</Button>
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Save changes" })).toBeDisabled();
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Next" })).toHaveFocus();
    await userEvent.click(canvas.getByRole("button", { name: "Save changes" }), { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Link: Story = {
  args: { variant: "link", children: "Forgot password?" },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Forgot password?" }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const FullWidth: Story = {
  args: { fullWidth: true, children: "Log in" },
  render: (args) => (
    <div style={{ width: 320 }}>
      <Button {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Log in" });
    await expect(button.getBoundingClientRect().width).toBeCloseTo(320, 0);
  },
};
