import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { CountryPicker } from "./CountryPicker";
import { countries } from "./countries";

/** Regional-indicator letters: the emoji flags that render as boxes or letter pairs on many systems. */
const EMOJI_FLAG = /[\u{1F1E6}-\u{1F1FF}]/u;

/** Waits until every flag image inside `root` has loaded and decoded. */
async function flagsLoaded(root: Element, count: number) {
  await waitFor(
    () => {
      const images = [...root.querySelectorAll<HTMLImageElement>("[data-flag] img")];
      expect(images.length).toBeGreaterThanOrEqual(count);
      for (const image of images) expect(image.complete && image.naturalWidth > 0).toBe(true);
    },
    { timeout: 5000 },
  );
}

const meta = {
  title: "Forms/CountryPicker",
  component: CountryPicker,
  args: { label: "Country", name: "country", onValueChange: fn() },
} satisfies Meta<typeof CountryPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Defaults to Singapore. Enter opens, typing searches, arrows move, Enter picks, focus returns. */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole("combobox", { name: "Country" });
    await expect(trigger).toHaveTextContent(/^Singapore$/);
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    const search = await screen.findByRole("combobox", { name: "Search country" });
    await waitFor(() => expect(search).toHaveFocus());
    const listbox = screen.getByRole("listbox", { name: "Country" });
    await expect(within(listbox).getByRole("option", { name: /Singapore/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await userEvent.keyboard("malay");
    await expect(within(listbox).getAllByRole("option")).toHaveLength(1);
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
    await expect(args.onValueChange).toHaveBeenCalledWith(
      "Malaysia",
      expect.objectContaining({ alpha2Code: "MY" }),
    );
    await expect(trigger).toHaveTextContent("Malaysia");
    await expect(trigger).toHaveFocus();
  },
};

/** ArrowDown on the trigger opens; arrows move through the list; Escape closes without a change. */
export const ArrowsAndEscape: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole("combobox", { name: "Country" });
    trigger.focus();
    await userEvent.keyboard("{ArrowDown}");
    const search = await screen.findByRole("combobox", { name: "Search country" });
    await waitFor(() => expect(search).toHaveFocus());
    await userEvent.keyboard("{ArrowDown}");
    const index = countries.findIndex((country) => country.alpha2Code === "SG");
    await expect(search).toHaveAttribute(
      "aria-activedescendant",
      expect.stringContaining(countries[index + 1]?.alpha2Code ?? ""),
    );
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await expect(trigger).toHaveFocus();
  },
};

/** Search also matches ISO codes and calling codes. */
export const SearchByCode: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("combobox", { name: /Country/ }));
    const search = await screen.findByRole("combobox", { name: "Search country" });
    await userEvent.type(search, "+44");
    const listbox = screen.getByRole("listbox");
    await expect(within(listbox).getAllByRole("option")[0]).toHaveTextContent("United Kingdom");
    await expect(within(listbox).getByRole("option", { name: /Guernsey/ })).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, "usa");
    await expect(within(listbox).getAllByRole("option")[0]).toHaveTextContent("United States");
    await userEvent.clear(search);
    await userEvent.type(search, "zzzz");
    await expect(within(listbox).getByRole("option", { name: "No country found" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
  },
};

/** The bundled list: about 250 ISO countries, each with codes, calling code and flag. */
export const BundledList: Story = {
  play: async ({ canvasElement }) => {
    await expect(countries.length).toBeGreaterThanOrEqual(249);
    for (const country of countries) {
      await expect(country.alpha2Code).toMatch(/^[A-Z]{2}$/);
      await expect(country.alpha3Code).toMatch(/^[A-Z]{3}$/);
      await expect(country.callingCodes[0]).toMatch(/^\d{1,4}$/);
    }
    await userEvent.click(within(canvasElement).getByRole("combobox", { name: /Country/ }));
    await expect(await screen.findAllByRole("option")).toHaveLength(countries.length);
    await userEvent.keyboard("{Escape}");
  },
};

/** Pointer: click the trigger, click a country. */
export const Controlled: Story = {
  render: function Render(args) {
    const [country, setCountry] = useState("Malaysia");
    return (
      <div>
        <CountryPicker {...args} value={country} onValueChange={setCountry} />
        <p data-testid="out">{country}</p>
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("combobox", { name: "Country" })).toHaveTextContent("Malaysia");
    await userEvent.click(canvas.getByRole("combobox", { name: "Country" }));
    await userEvent.type(await screen.findByRole("combobox", { name: "Search country" }), "indo");
    await userEvent.click(screen.getByRole("option", { name: /Indonesia/ }));
    await expect(canvas.getByTestId("out")).toHaveTextContent("Indonesia");
  },
};

export const Empty: Story = {
  args: { defaultValue: "" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("combobox", { name: "Country" })).toHaveTextContent(
      "Select country",
    );
  },
};

export const WithError: Story = {
  args: { defaultValue: "", required: true, error: "Please select your country" },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("combobox", { name: /Country/ });
    await expect(trigger).toHaveAttribute("aria-invalid", "true");
    await expect(trigger).toHaveAccessibleDescription("Please select your country");
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("combobox", { name: "Country" })).toBeDisabled();
  },
};

/** The country name is submitted with the form. */
export const InAForm: Story = {
  render: (args) => (
    <form data-testid="form">
      <CountryPicker {...args} />
    </form>
  ),
  play: async ({ canvasElement }) => {
    const form = within(canvasElement).getByTestId("form") as HTMLFormElement;
    await expect(new FormData(form).get("country")).toBe("Singapore");
  },
};

/** Flags are SVG images (decorative: the name is beside them), in the trigger and in every option. */
export const SvgFlags: Story = {
  tags: ["screenshot"],
  parameters: { screenshot: { target: "page", widths: [420] } },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("combobox", { name: "Country" });
    await flagsLoaded(trigger, 1);
    const flag = trigger.querySelector("[data-flag]");
    await expect(flag).toHaveAttribute("data-flag", "SG");
    await expect(flag).toHaveAttribute("aria-hidden", "true");
    await expect(flag?.querySelector("img")).toHaveAttribute("alt", "");
    await expect(trigger.textContent).not.toMatch(EMOJI_FLAG);
    await userEvent.click(trigger);
    const listbox = await screen.findByRole("listbox", { name: "Country" });
    await expect(listbox.textContent).not.toMatch(EMOJI_FLAG);
    await expect(listbox.querySelectorAll("[data-flag] img")).toHaveLength(countries.length);
    await userEvent.keyboard("united");
    await flagsLoaded(listbox, 3);
    await expect(within(listbox).getByRole("option", { name: "United Kingdom" })).toBeInTheDocument();
  },
};
