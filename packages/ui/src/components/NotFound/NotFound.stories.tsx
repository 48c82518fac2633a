import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { NotFound } from "./NotFound";

const meta = {
  title: "Feedback/NotFound",
  component: NotFound,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof NotFound>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  tags: ["screenshot"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("OOPS! Page not found!");
    await expect(canvas.getByRole("link", { name: "Back To Home" })).toHaveAttribute("href", "/");
  },
};

const navigate = fn();

/** With the portal's router link (here a spy standing in for react-router's Link). */
export const WithRouterLink: Story = {
  args: {
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
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "Back To Home" });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(navigate).toHaveBeenCalledWith("/");
  },
};
