import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { CreditBox } from "./CreditBox";
import { CreditSummary } from "./CreditSummary";

const meta = {
  title: "Layout/CreditBox",
  component: CreditBox,
  args: { label: "My Credit", cents: 1245000, onTopUp: fn() },
} satisfies Meta<typeof CreditBox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const group = within(canvasElement).getByRole("group", { name: "My Credit" });
    await expect(group).toHaveTextContent("SGD 12,450.00");
    await userEvent.click(within(group).getByRole("button", { name: "Top Up My Credit" }));
    await expect(args.onTopUp).toHaveBeenCalledOnce();
  },
};

export const Corporate: Story = { args: { label: "Corporate Credit", cents: 98765432 } };

export const Zero: Story = {
  args: { cents: 0, low: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("SGD 0.00")).toBeVisible();
  },
};

/** Without `onTopUp` there is no button (e.g. a read-only balance). */
export const ReadOnly: Story = {
  args: { onTopUp: undefined, cents: 5050 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button")).toBeNull();
    await expect(within(canvasElement).getByText("SGD 50.50")).toBeVisible();
  },
};

export const Pending: Story = {
  args: { pending: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Top Up My Credit" })).toHaveAttribute(
      "aria-busy",
      "true",
    );
  },
};

const onCorporateTopUp = fn();
const onMyTopUp = fn();
const credits = [
  { label: "Corporate Credit", cents: 1245000, onTopUp: onCorporateTopUp },
  { label: "My Credit", cents: 50050, onTopUp: onMyTopUp },
];

/** CreditSummary with room (no narrow container around it): the boxes side by side. */
export const Summary: Story = {
  render: () => <CreditSummary credits={credits} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("group", { name: "Corporate Credit" })).toBeVisible();
    await expect(canvas.getByRole("group", { name: "My Credit" })).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Credit" })).toBeNull();
  },
};

/**
 * CreditSummary in a narrow header (a size container, like AppShell's): one "Credit" button opens the
 * balances; Top Up closes the popover and calls its handler; Escape closes and returns focus.
 */
export const SummaryCompact: Story = {
  render: () => (
    <div style={{ containerType: "inline-size", width: 360, minHeight: 220 }}>
      <CreditSummary credits={credits} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("group", { name: "Corporate Credit" })).toBeNull();
    const trigger = canvas.getByRole("button", { name: "Credit" });
    trigger.focus();
    await userEvent.keyboard("{Enter}");
    let popover = await screen.findByRole("dialog", { name: "Credit" });
    await expect(within(popover).getByRole("group", { name: "Corporate Credit" })).toHaveTextContent(
      "SGD 12,450.00",
    );
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Credit" })).toBeNull());
    await expect(trigger).toHaveFocus();
    await userEvent.click(trigger);
    popover = await screen.findByRole("dialog", { name: "Credit" });
    await userEvent.click(within(popover).getByRole("button", { name: "Top Up My Credit" }));
    await expect(onMyTopUp).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Credit" })).toBeNull());
  },
};

/** The narrowest headers: the button shows a wallet only, and is still named "Credit". */
export const SummaryIconOnly: Story = {
  render: () => (
    <div style={{ containerType: "inline-size", width: 300 }}>
      <CreditSummary credits={credits} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Credit" });
    await expect(trigger.getBoundingClientRect().width).toBeLessThanOrEqual(44);
    await expect(trigger.querySelector("svg")).toBeVisible();
  },
};

/** With `detailsHref`: a Statement link under the amount (the portal passes its router's link). */
export const WithStatement: Story = {
  args: { detailsHref: "/credit-mgt/statement" },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "Statement of My Credit" });
    await expect(link).toHaveAttribute("href", "/credit-mgt/statement");
    await expect(link).toHaveTextContent("Statement");
  },
};
