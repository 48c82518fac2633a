import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Breadcrumb } from "./Breadcrumb";

const meta = {
  title: "Layout/Breadcrumb",
  component: Breadcrumb,
  args: {
    items: [
      { label: "User Management", href: "/user-manage/users-list" },
      { label: "Users", href: "/user-manage/users-list" },
      { label: "Edit User" },
    ],
  },
} satisfies Meta<typeof Breadcrumb>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "Breadcrumb" });
    await expect(within(nav).getAllByRole("link")).toHaveLength(2);
    await expect(within(nav).getByText("Edit User")).toHaveAttribute("aria-current", "page");
  },
};

export const SingleLevel: Story = { args: { items: [{ label: "Dashboard" }] } };

const onNavigate = fn();

/** `renderLink` lets the portal render its router's links; here a spy records the navigation. */
export const CustomLinks: Story = {
  args: {
    renderLink: ({ href, children, className }) => (
      <a
        href={href}
        className={className}
        onClick={(event) => {
          event.preventDefault();
          onNavigate(href);
        }}
      >
        {children}
      </a>
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("link", { name: "Users" }));
    await expect(onNavigate).toHaveBeenCalledWith("/user-manage/users-list");
  },
};
