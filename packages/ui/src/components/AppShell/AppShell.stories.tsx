import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { AvatarMenu } from "../AvatarMenu/AvatarMenu";
import { Card } from "../Card/Card";
import { CreditSummary } from "../CreditBox/CreditSummary";
import type { RenderLink } from "../Link/Link";
import { NotificationBell } from "../NotificationBell/NotificationBell";
import { AppShell, type NavSection } from "./AppShell";
import { AppShellSkeleton } from "./AppShellSkeleton";

/** The spec's sidebar. */
const sections: NavSection[] = [
  {
    id: "admin",
    title: "Administrator",
    adminOnly: true,
    entries: [
      {
        label: "User Management",
        items: [
          { label: "Departments", href: "/user-manage/department-list" },
          { label: "Users", href: "/user-manage/users-list" },
        ],
      },
      {
        label: "Credit Management",
        items: [
          { label: "Top Up / Summary", href: "/credit-mgt/summary" },
          { label: "Low Credit Management", href: "/credit-mgt/low-credit-mgt" },
        ],
      },
    ],
  },
  {
    id: "apps",
    title: "Apps",
    entries: [
      { label: "Campaign Management", href: "/campaign/campaign-mgt" },
      {
        label: "Contact Management",
        items: [
          { label: "Individuals", href: "/contact/individual" },
          { label: "Groups", href: "/contact/group" },
        ],
      },
      {
        label: "Social Messaging",
        items: [
          { label: "Chat", href: "/apps/social-chat" },
          { label: "Broadcast Compose", href: "/apps/social-broadcast" },
          { label: "Broadcast Report", href: "/apps/social-broadcast-report" },
          { label: "Channels Management", href: "/apps/channel-management" },
        ],
      },
      { label: "Bot Management", items: [{ label: "Settings", href: "/apps/bot-settings" }] },
    ],
  },
];

const navigate = fn();
const onTopUp = fn();
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

const header = (
  <>
    <CreditSummary
      credits={[
        { label: "Corporate Credit", cents: 1245000, onTopUp },
        { label: "My Credit", cents: 50050, onTopUp },
      ]}
    />
    <NotificationBell unread={3} />
    <AvatarMenu name="Jane Tan" roleLabel="Owner & Admin" onLogout={onLogout} renderLink={renderLink} />
  </>
);

const meta = {
  title: "Layout/AppShell",
  component: AppShell,
  parameters: { layout: "fullscreen" },
  args: {
    brand: "Herald",
    sections,
    showAdmin: true,
    currentPath: "/apps/social-chat",
    header,
    footer: "Copyright © 2025 Herald. All rights reserved.",
    renderLink,
    children: (
      <>
        <h1 style={{ fontSize: 20, marginBottom: 16 }}>Chat</h1>
        <Card title="Inbox">Conversations from your departments' channels appear here.</Card>
      </>
    ),
  },
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Desktop: the fixed sidebar; the current page is marked and its group expanded; groups toggle by keyboard. */
export const Playground: Story = {
  tags: ["screenshot"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole("navigation", { name: "Main" });
    // The menu button is for narrow windows only (display: none from 992 px).
    await expect(canvas.queryByRole("button", { name: "Open menu" })).toBeNull();
    await expect(within(nav).getByRole("link", { name: "Chat" })).toHaveAttribute("aria-current", "page");
    await expect(within(nav).getByRole("heading", { name: "Administrator" })).toBeVisible();
    const contacts = within(nav).getByRole("button", { name: "Contact Management" });
    await expect(contacts).toHaveAttribute("aria-expanded", "false");
    await expect(within(nav).queryByRole("link", { name: "Individuals" })).toBeNull();
    contacts.focus();
    await userEvent.keyboard("{Enter}");
    await expect(contacts).toHaveAttribute("aria-expanded", "true");
    await userEvent.tab();
    const individuals = within(nav).getByRole("link", { name: "Individuals" });
    await expect(individuals).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(navigate).toHaveBeenCalledWith("/contact/individual");
    // Collapse it again so the screenshot shows the initial state.
    contacts.focus();
    await userEvent.keyboard(" ");
    await expect(contacts).toHaveAttribute("aria-expanded", "false");
  },
};

/** A non-admin: the Administrator section is not rendered. */
export const WithoutAdmin: Story = {
  args: { showAdmin: false, header: undefined, currentPath: "/contact/group" },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "Main" });
    await expect(within(nav).queryByRole("heading", { name: "Administrator" })).toBeNull();
    await expect(within(nav).queryByRole("button", { name: "User Management" })).toBeNull();
    await expect(within(nav).getByRole("link", { name: "Groups" })).toHaveAttribute("aria-current", "page");
  },
};

/**
 * 420 px: the sidebar is a drawer. The menu button opens it with the keyboard, focus stays inside,
 * Escape closes it and focus returns to the button; following a link closes it too.
 */
export const NarrowDrawer: Story = {
  globals: { viewport: { value: "xs", isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("navigation", { name: "Main" })).toBeNull();
    const menuButton = canvas.getByRole("button", { name: "Open menu" });
    await expect(menuButton).toBeVisible();
    menuButton.focus();
    await userEvent.keyboard("{Enter}");
    const drawer = await screen.findByRole("dialog", { name: "Menu" });
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 12; i++) {
      await userEvent.tab();
      await expect(drawer).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(menuButton).toHaveFocus();

    await userEvent.keyboard("{Enter}");
    const reopened = await screen.findByRole("dialog", { name: "Menu" });
    await userEvent.click(within(reopened).getByRole("link", { name: "Campaign Management" }));
    await expect(navigate).toHaveBeenCalledWith("/campaign/campaign-mgt");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

/** The drawer open at 420 px (screenshot). */
export const NarrowDrawerOpen: Story = {
  globals: { viewport: { value: "xs", isRotated: false } },
  tags: ["screenshot"],
  parameters: { screenshot: { target: "page", widths: [420] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Open menu" }));
    await expect(await screen.findByRole("dialog", { name: "Menu" })).toBeVisible();
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
 * 420 px: the header stays one row (the balances fold into the "Credit" button, the name into the avatar),
 * and the page does not scroll sideways.
 */
export const NarrowHeader: Story = {
  globals: { viewport: { value: "xs", isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvasElement.querySelector("header") as HTMLElement;
    await expect(header.getBoundingClientRect().height).toBeLessThanOrEqual(64);
    await expect(canvas.queryByRole("group", { name: "Corporate Credit" })).toBeNull();
    const credit = canvas.getByRole("button", { name: "Credit" });
    await userEvent.click(credit);
    const popover = await screen.findByRole("dialog", { name: "Credit" });
    await userEvent.click(within(popover).getByRole("button", { name: "Top Up Corporate Credit" }));
    await expect(onTopUp).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Credit" })).toBeNull());
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    );
  },
};

/**
 * The first paint (AppShellSkeleton): the same sidebar and header before the rest of the page's code arrives;
 * its links already work, and nothing of the drawer's dialog code is needed.
 */
export const FirstPaint: Story = {
  render: (args) => <AppShellSkeleton {...args} />,
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "Main" });
    await expect(within(nav).getByRole("link", { name: "Chat" })).toHaveAttribute("aria-current", "page");
    await userEvent.click(within(nav).getByRole("link", { name: "Chat" }));
    await expect(navigate).toHaveBeenCalledWith("/apps/social-chat");
  },
};
