import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Badge } from "../Badge";
import { Breadcrumb } from "../Breadcrumb";
import { Button } from "../Button";
import { Card } from "../Card";
import { PageHeader } from "./PageHeader";
import { PageLayout } from "./PageLayout";

const meta = {
  title: "Layout/PageLayout",
  component: PageLayout,
  parameters: { layout: "fullscreen" },
  args: { inset: "shell" },
  render: (args) => (
    <PageLayout data-testid="page" {...args}>
      <Breadcrumb items={[{ label: "Home", href: "#" }, { label: "Sender IDs & Numbers" }]} />
      <PageHeader
        title="Sender IDs & Numbers"
        description="Approved sender IDs can be given to your users on their Edit User page."
        actions={<Button>Request sender ID</Button>}
      />
      <Card title="Sender IDs">The company's sender IDs.</Card>
      <Card title="Numbers">The numbers the company receives on.</Card>
    </PageLayout>
  ),
} satisfies Meta<typeof PageLayout>;
export default meta;

const layoutOf = (canvas: HTMLElement) =>
  canvas.querySelector<HTMLElement>('[data-testid="page"]') as HTMLElement;
type Story = StoryObj<typeof meta>;

/** A screen in the company's shell: breadcrumb, header, then cards 16 px apart, padded 24 px. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = canvas.getByRole("heading", { level: 1, name: "Sender IDs & Numbers" });
    await expect(heading).toBeVisible();
    const layout = layoutOf(canvasElement);
    await expect(getComputedStyle(layout).rowGap).toBe("16px");
    await expect(getComputedStyle(layout).paddingLeft).toBe("24px");
    await expect(canvas.getByRole("button", { name: "Request sender ID" })).toBeVisible();
  },
};

/** In the operator's console, whose frame pads the page: no inset of its own. */
export const InConsoleFrame: Story = {
  args: { inset: "none" },
  play: async ({ canvasElement }) => {
    const layout = layoutOf(canvasElement);
    await expect(getComputedStyle(layout).paddingLeft).toBe("0px");
  },
};

/** A form page, capped at 720 px. */
export const Narrow: Story = {
  args: { maxWidth: 720 },
  play: async ({ canvasElement }) => {
    const layout = layoutOf(canvasElement);
    await expect(layout.getBoundingClientRect().width).toBeLessThanOrEqual(720);
  },
};

/** A phone: the shell pads the page, so the page adds nothing, and the action wraps under the title. */
export const Phone: Story = {
  globals: { viewport: { value: "xs", isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const layout = layoutOf(canvasElement);
    await expect(getComputedStyle(layout).paddingLeft).toBe("0px");
    const title = canvas.getByRole("heading", { level: 1 }).getBoundingClientRect();
    const action = canvas.getByRole("button", { name: "Request sender ID" }).getBoundingClientRect();
    await expect(action.top).toBeGreaterThanOrEqual(title.bottom);
  },
};

/** A title with a status badge beside it, two actions, and a long name that breaks rather than widen the page. */
export const HeaderWithBadgeAndActions: Story = {
  args: { inset: "none" },
  render: (args) => (
    <PageLayout data-testid="page" {...args}>
      <PageHeader
        title="Kopi Kedai Sejahtera Holdings Private Limited"
        badges={
          <Badge tone="danger" variant="soft">
            Suspended
          </Badge>
        }
        actions={
          <>
            <Button variant="ghost">Audit log</Button>
            <Button tone="danger" variant="outline">
              Suspend company
            </Button>
          </>
        }
      />
      <Card>The company's details.</Card>
    </PageLayout>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Suspended")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Suspend company" })).toBeVisible();
  },
};
