import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { AvatarMenu } from "../AvatarMenu/AvatarMenu";
import { Card } from "../Card/Card";
import type { RenderLink } from "../Link/Link";
import { StatCard } from "../StatCard/StatCard";
import { type ConsoleNavItem, ConsoleShell, currentItem } from "./ConsoleShell";

const navigate = fn();
const onLogout = fn();

/** Stands in for react-router's Link: records the navigation instead of leaving the page. */
const renderLink: RenderLink = ({ href, children, onClick, ...rest }) => (
  <a
    href={href}
    {...rest}
    onClick={(event) => {
      event.preventDefault();
      navigate(href);
      onClick?.();
    }}
  >
    {children}
  </a>
);

const items: ConsoleNavItem[] = [
  { label: "Overview", href: "/operator" },
  { label: "Companies", href: "/operator/companies" },
  { label: "Top-up requests", href: "/operator/topups", count: 3 },
  { label: "Sender IDs", href: "/operator/sender-ids", count: 12 },
  { label: "Numbers", href: "/operator/numbers" },
  { label: "Unrouted", href: "/operator/unrouted", count: 4, countLabel: "this week" },
  { label: "Audit log", href: "/operator/audit" },
];

const meta = {
  title: "Layout/ConsoleShell",
  component: ConsoleShell,
  parameters: { layout: "fullscreen" },
  args: {
    brand: "Herald operator console",
    items,
    currentPath: "/operator/companies/0190a1b2-0000-7000-8000-000000000001",
    renderLink,
    actions: (
      <AvatarMenu
        name="Operator One"
        roleLabel="Operator"
        accountLinks={false}
        logoutLabel="Sign out"
        onLogout={onLogout}
      />
    ),
    children: (
      <>
        <h1 style={{ fontSize: 20, margin: "0 0 16px" }}>Companies</h1>
        <div
          style={{ display: "grid", gap: 12, gridTemplateColumns: "repeat(auto-fit, minmax(160px, 1fr))" }}
        >
          <StatCard label="Companies" value={128} />
          <StatCard label="Suspended" value={2} tone="danger" />
        </div>
        <div style={{ marginTop: 16 }}>
          <Card title="Acme Pte Ltd">Owner, users, balance and prices of one company.</Card>
        </div>
      </>
    ),
  },
} satisfies Meta<typeof ConsoleShell>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The console's header names it, its sections are one row of links: a detail page marks its section, a count
 * is read with what it counts, and the links are reached with Tab and followed with Enter.
 */
export const Playground: Story = {
  tags: ["screenshot"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Herald operator console")).toBeVisible();
    const nav = canvas.getByRole("navigation", { name: "Sections" });
    const links = within(nav).getAllByRole("link");
    await expect(links.map((l) => l.textContent)).toEqual([
      "Overview",
      "Companies",
      "Top-up requests, 3 waiting",
      "Sender IDs, 12 waiting",
      "Numbers",
      "Unrouted, 4 this week",
      "Audit log",
    ]);
    await expect(within(nav).getByRole("link", { name: "Companies" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(within(nav).getByRole("link", { name: "Overview" })).not.toHaveAttribute("aria-current");
    within(nav).getByRole("link", { name: "Companies" }).focus();
    await userEvent.tab();
    await expect(within(nav).getByRole("link", { name: /^Top-up requests/ })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(navigate).toHaveBeenCalledWith("/operator/topups");
  },
};

/** The overview is current only on its own path, not on every path under it. */
export const OverviewCurrent: Story = {
  args: { currentPath: "/operator" },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "Sections" });
    await expect(within(nav).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expect(currentItem(items, "/operator/numbers")?.label).toBe("Numbers");
    await expect(currentItem(items, "/operatorx")).toBeUndefined();
  },
};

/** The skip link is the first stop of Tab and moves focus to the page. */
export const SkipLink: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const skip = canvas.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(canvas.getByRole("main")).toHaveFocus();
  },
};

/**
 * 420 px: the header keeps one row, and the sections scroll sideways inside their row (the page itself does
 * not).
 */
export const Narrow: Story = {
  globals: { viewport: { value: "xs", isRotated: false } },
  args: { currentPath: "/operator/audit" },
  tags: ["screenshot"],
  parameters: { screenshot: { widths: [420] } },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "Sections" });
    await expect(within(nav).getByRole("link", { name: "Audit log" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // The row scrolls inside itself.
    await expect(nav.scrollWidth).toBeGreaterThan(nav.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    );
  },
};
