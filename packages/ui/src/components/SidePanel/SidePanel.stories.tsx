import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../Button/Button";
import { DialogClose } from "../Dialog/Dialog";
import { SidePanel } from "./SidePanel";

const meta = {
  title: "Feedback/SidePanel",
  component: SidePanel,
  args: {
    title: "Contact details",
    description: "Jane Tan · +65 9123 4567",
    trigger: <Button variant="outline">View Details</Button>,
    children: (
      <dl style={{ display: "grid", gridTemplateColumns: "auto 1fr", gap: "8px 16px", margin: 0 }}>
        <dt>E-mail</dt>
        <dd style={{ margin: 0 }}>jane.tan@example.com</dd>
        <dt>Groups</dt>
        <dd style={{ margin: 0 }}>VIP, Newsletter</dd>
        <dt>Joined</dt>
        <dd style={{ margin: 0 }}>01/03/2025</dd>
      </dl>
    ),
    footer: (
      <DialogClose>
        <Button variant="outline" tone="secondary">
          Done
        </Button>
      </DialogClose>
    ),
  },
} satisfies Meta<typeof SidePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from the trigger; Tab stays inside; Escape closes and focus returns to the trigger. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "View Details" });
    await userEvent.click(trigger);
    const panel = await screen.findByRole("dialog", { name: "Contact details" });
    await waitFor(() => expect(panel).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 4; i++) {
      await userEvent.tab();
      await expect(panel).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  tags: ["screenshot"],
  parameters: { screenshot: { target: "page" } },
  play: async () => {
    await expect(await screen.findByRole("dialog", { name: "Contact details" })).toBeVisible();
  },
};

/** A DialogClose-wrapped footer button closes the panel. */
export const FooterClose: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const panel = await screen.findByRole("dialog", { name: "Contact details" });
    await userEvent.click(within(panel).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

export const Narrow: Story = { args: { defaultOpen: true, width: "sm", description: undefined } };

export const Wide: Story = { args: { defaultOpen: true, width: "lg" } };
