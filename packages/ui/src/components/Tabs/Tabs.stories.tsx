import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Tabs } from "./Tabs";

const items = [
  { value: "account", label: "Account", content: <p>Names, e-mail and contact number.</p> },
  { value: "security", label: "Security", content: <p>Password and two-factor sign-in.</p> },
  { value: "notifications", label: "Notifications", content: <p>Your low-credit thresholds.</p> },
];

const meta = {
  title: "Layout/Tabs",
  component: Tabs,
  args: { items, "aria-label": "Account settings" },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Arrow keys move between tabs and select them; Home and End jump; Tab moves into the panel. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tablist = canvas.getByRole("tablist", { name: "Account settings" });
    const [account, security, notifications] = within(tablist).getAllByRole("tab");
    await expect(account).toHaveAttribute("aria-selected", "true");
    await userEvent.tab();
    await expect(account).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    await expect(security).toHaveFocus();
    await expect(security).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("Password and two-factor sign-in.");
    await userEvent.keyboard("{End}");
    await expect(notifications).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    await expect(account).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole("tabpanel")).toHaveFocus();
  },
};

export const DisabledTab: Story = {
  args: {
    items: [
      { value: "profile", label: "User Profile", content: <p>Profile fields.</p> },
      { value: "credit", label: "User Credit", content: <p>Credit fields.</p>, disabled: true },
    ],
    "aria-label": "Edit user",
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("tab", { name: "User Credit" })).toBeDisabled();
  },
};

const onValueChange = fn();

/** Controlled by the page, e.g. from the route. */
export const Controlled: Story = {
  render: (args) => {
    const [value, setValue] = useState("credit");
    return (
      <Tabs
        {...args}
        aria-label="Edit user"
        items={[
          { value: "profile", label: "User Profile", content: <p>Profile fields.</p> },
          { value: "credit", label: "User Credit", content: <p>Credit fields.</p> },
        ]}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          onValueChange(next);
        }}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("tab", { name: "User Credit" })).toHaveAttribute("aria-selected", "true");
    await userEvent.click(canvas.getByRole("tab", { name: "User Profile" }));
    await expect(onValueChange).toHaveBeenCalledWith("profile");
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("Profile fields.");
  },
};

/**
 * Tabs wider than their space (a phone): the list scrolls sideways and a fade with an arrow marks each
 * end that hides tabs; the arrow scrolls, and keyboard selection brings the tab into view.
 */
export const Overflowing: Story = {
  tags: ["screenshot"],
  parameters: { screenshot: { widths: [420] } },
  args: {
    "aria-label": "Edit user",
    items: [
      { value: "profile", label: "User Profile", content: <p>Profile fields.</p> },
      { value: "credit", label: "User Credit", content: <p>Credit fields.</p> },
      { value: "departments", label: "Departments", content: <p>Departments.</p> },
      { value: "sender", label: "Sender IDs", content: <p>Sender IDs.</p> },
      { value: "security", label: "Security", content: <p>Security.</p> },
    ],
  },
  decorators: [(Story) => <div style={{ width: 280 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole("tablist", { name: "Edit user" });
    const start = canvas.getByTestId("tabs-scroll-start");
    const end = canvas.getByTestId("tabs-scroll-end");
    await expect(list.scrollWidth).toBeGreaterThan(list.clientWidth);
    await expect(end).toBeVisible();
    await expect(start).not.toBeVisible();
    await userEvent.click(end);
    await waitFor(() => expect(list.scrollLeft).toBeGreaterThan(0));
    await waitFor(() => expect(start).toBeVisible());
    canvas.getByRole("tab", { name: "User Profile" }).focus();
    await userEvent.keyboard("{End}");
    const last = canvas.getByRole("tab", { name: "Security" });
    await expect(last).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(end).not.toBeVisible());
    await userEvent.keyboard("{Home}");
    await waitFor(() => expect(list.scrollLeft).toBe(0));
    await waitFor(() => expect(start).not.toBeVisible());
    await expect(end).toBeVisible();
  },
};
