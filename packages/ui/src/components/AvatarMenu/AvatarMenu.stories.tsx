import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { AvatarMenu, type ThemeChoice } from "./AvatarMenu";

const onLogout = fn();
const navigate = fn();

const meta = {
  title: "Layout/AvatarMenu",
  component: AvatarMenu,
  args: {
    name: "Jane Tan",
    roleLabel: "Owner & Admin",
    onLogout,
    renderLink: ({ href, children, className }) => (
      <a
        href={href}
        className={className}
        onClick={(event) => {
          event.preventDefault();
          navigate(href);
        }}
      >
        {children}
      </a>
    ),
  },
  parameters: { layout: "centered" },
  decorators: [(Story) => <div style={{ minHeight: 260, paddingTop: 8 }}>{Story()}</div>],
} satisfies Meta<typeof AvatarMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard: Enter opens, arrows move (wrapping), Escape closes and returns focus to the trigger. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: /Jane Tan/ });
    await expect(trigger).toHaveAccessibleName("Jane Tan Owner & Admin");
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    const items = within(menu).getAllByRole("menuitem");
    await expect(items.map((item) => item.textContent)).toEqual([
      "My Profile",
      "Account Settings",
      "Log Out",
    ]);
    await waitFor(() => expect(items[0]).toHaveFocus());
    await userEvent.keyboard("{ArrowDown}");
    await expect(items[1]).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    await expect(items[2]).toHaveFocus();
    await userEvent.keyboard("{ArrowUp}");
    await expect(items[1]).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

/** Choosing Log Out with the keyboard calls onLogout. */
export const LogOutWithKeyboard: Story = {
  play: async ({ canvasElement }) => {
    within(canvasElement)
      .getByRole("button", { name: /Jane Tan/ })
      .focus();
    await userEvent.keyboard("{ArrowDown}");
    const menu = await screen.findByRole("menu");
    await waitFor(() => expect(within(menu).getAllByRole("menuitem")[0]).toHaveFocus());
    await userEvent.keyboard("{End}");
    await expect(within(menu).getByRole("menuitem", { name: "Log Out" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(onLogout).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  },
};

/** My Profile and Account Settings are links rendered by `renderLink` (react-router's Link in the portal). */
export const Links: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Jane Tan/ }));
    const menu = await screen.findByRole("menu");
    const settings = within(menu).getByRole("menuitem", { name: "Account Settings" });
    await expect(settings).toHaveAttribute("href", "/admin/profile-settings");
    await expect(within(menu).getByRole("menuitem", { name: "My Profile" })).toHaveAttribute(
      "href",
      "/admin/profile",
    );
    await userEvent.click(settings);
    await expect(navigate).toHaveBeenCalledWith("/admin/profile-settings");
  },
};

export const Open: Story = {
  args: { name: "Ahmad bin Ismail", roleLabel: "Agent" },
  tags: ["screenshot"],
  parameters: { screenshot: { target: "page", widths: [420, 1540] } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Ahmad bin Ismail/ }));
    await expect(await screen.findByRole("menu")).toBeVisible();
  },
};

export const Agent: Story = { args: { name: "Li Wei", roleLabel: "Agent" } };

const onThemeChange = fn();

/** With `onThemeChange`: System, Light and Dark as radio items; choosing one keeps the menu open. */
export const ThemeChoiceMenu: Story = {
  render: (args) => {
    const [theme, setTheme] = useState<ThemeChoice>("system");
    return (
      <AvatarMenu
        {...args}
        theme={theme}
        onThemeChange={(next) => {
          setTheme(next);
          onThemeChange(next);
        }}
      />
    );
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Jane Tan/ }));
    const menu = await screen.findByRole("menu");
    const radios = within(menu).getAllByRole("menuitemradio");
    await expect(radios.map((r) => r.textContent)).toEqual(["System", "Light", "Dark"]);
    await expect(radios[0]).toHaveAttribute("aria-checked", "true");
    await userEvent.click(radios[2]!);
    await expect(onThemeChange).toHaveBeenCalledWith("dark");
    await expect(within(menu).getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(screen.getByRole("menu")).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  },
};

/**
 * An account without profile pages (the operator console): `accountLinks={false}` leaves the theme choice and
 * the sign-out item, here labelled "Sign out".
 */
export const WithoutAccountLinks: Story = {
  args: {
    name: "Operator One",
    roleLabel: "Operator",
    accountLinks: false,
    logoutLabel: "Sign out",
    theme: "system",
    onThemeChange,
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Operator One/ }));
    const menu = await screen.findByRole("menu");
    await expect(within(menu).queryByRole("menuitem", { name: "My Profile" })).toBeNull();
    await expect(within(menu).getAllByRole("separator")).toHaveLength(2);
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Sign out" }));
    await expect(onLogout).toHaveBeenCalled();
  },
};
