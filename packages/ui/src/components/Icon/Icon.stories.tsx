import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Icon, iconNames } from "./Icon";

const meta = {
  title: "Foundations/Icon",
  component: Icon,
  args: { name: "bell", size: 24 },
  argTypes: { name: { control: "select", options: iconNames } },
} satisfies Meta<typeof Icon>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const svg = canvasElement.querySelector("svg");
    await expect(svg).toHaveAttribute("aria-hidden", "true");
  },
};

/** With `label` the icon is announced as an image. */
export const Labelled: Story = {
  args: { name: "warning", label: "Warning" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "Warning" })).toBeInTheDocument();
  },
};

export const AllIcons: Story = {
  render: (args) => (
    <ul style={{ display: "flex", flexWrap: "wrap", gap: 16, listStyle: "none", padding: 0, margin: 0 }}>
      {iconNames.map((name) => (
        <li key={name} style={{ display: "grid", justifyItems: "center", gap: 4, width: 88, fontSize: 12 }}>
          <Icon {...args} name={name} />
          {name}
        </li>
      ))}
    </ul>
  ),
};
