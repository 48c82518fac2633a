import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { StatCard } from "./StatCard";

const meta = {
  title: "Data/StatCard",
  component: StatCard,
  args: { label: "Delivered", value: "1,204", tone: "success" },
} satisfies Meta<typeof StatCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { delta: { value: "12%", direction: "up", label: "vs last week" } },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("group", { name: "Delivered" });
    await expect(card).toHaveTextContent("1,204");
    await expect(card).toHaveTextContent("Up 12% vs last week");
  },
};

/** The five broadcast figures, one per tone. */
export const BroadcastStats: Story = {
  tags: ["screenshot"],
  render: () => (
    <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))", gap: 12 }}>
      <StatCard label="Total" value={1500} tone="primary" />
      <StatCard label="Sent" value={1480} tone="info" />
      <StatCard label="Delivered" value={1204} tone="success" />
      <StatCard label="Read" value={806} tone="secondary" />
      <StatCard label="Failed" value={20} tone="danger" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("group")).toHaveLength(5);
    await expect(canvas.getByRole("group", { name: "Failed" })).toHaveTextContent("20");
  },
};

export const DeltaDown: Story = {
  args: {
    label: "Failed",
    value: 20,
    tone: "danger",
    delta: { value: "3", direction: "down", label: "since yesterday" },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("group")).toHaveTextContent("Down 3 since yesterday");
  },
};

export const DeltaFlat: Story = {
  args: { label: "Read", value: 806, tone: "secondary", delta: { value: "0", direction: "flat" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("group")).toHaveTextContent("No change");
  },
};

export const WithIconAndDescription: Story = {
  args: {
    label: "Credit balance",
    value: "SGD 1,250.00",
    tone: "warning",
    description: "Low credit alert at SGD 100.00",
    icon: (
      <svg
        width="16"
        height="16"
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        aria-hidden="true"
      >
        <circle cx="8" cy="8" r="6" />
        <path d="M8 4.5v7M6 6.5h3a1.5 1.5 0 0 1 0 3H6" />
      </svg>
    ),
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole("group", { name: "Credit balance" });
    await expect(card).toHaveTextContent("Low credit alert at SGD 100.00");
  },
};

const navigate = fn();

/**
 * With `href` the whole card is a link to what it counts (an overview of queues): its name reads the label and
 * the figure, it shows the focus ring, and Enter follows it.
 */
export const AsLinks: Story = {
  tags: ["screenshot"],
  render: () => (
    <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(180px, 1fr))", gap: 12 }}>
      {[
        { label: "Top-up requests waiting", value: 3, href: "/operator/topups", tone: "warning" as const },
        { label: "Sender IDs to review", value: 12, href: "/operator/sender-ids", tone: "info" as const },
        {
          label: "Suspended companies",
          value: 0,
          href: "/operator/companies?status=suspended",
          tone: "danger" as const,
        },
      ].map((card) => (
        <StatCard
          key={card.href}
          {...card}
          description="Open the queue"
          renderLink={({ href, children, className }) => (
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
          )}
        />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole("link", { name: "Top-up requests waiting 3 Open the queue" });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(navigate).toHaveBeenCalledWith("/operator/topups");
    await expect(canvas.getAllByRole("link")).toHaveLength(3);
  },
};
