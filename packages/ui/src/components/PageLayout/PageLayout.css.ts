import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { mediaDown } from "../../theme/tokens";
import { vars } from "../../theme/vars.css";

/**
 * A screen's column: its parts one under another, 16 px apart. Inside the company's shell the page pads
 * itself on tablets and desktops (the shell's main area already pads it on phones); the operator's console
 * frame pads its pages, so those take no inset.
 */
export const page = recipe({
  base: { display: "grid", gap: vars.space["4"], minWidth: 0 },
  variants: {
    inset: {
      shell: { padding: vars.space["6"], "@media": { [mediaDown("sm")]: { padding: 0 } } },
      none: {},
    },
  },
  defaultVariants: { inset: "shell" },
});

/** The heading block: the title row, then the description, as far apart as the page's parts. */
export const header = style({ display: "grid", gap: vars.space["4"], minWidth: 0 });

/** Title (and its badges) on the left, actions on the right; the actions wrap under the title on a phone. */
export const headerRow = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space["3"],
});

export const titleGroup = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
  minWidth: 0,
});

export const title = style({
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: "anywhere",
});

export const description = style({ margin: 0, color: vars.color.textMuted, maxWidth: "72ch" });
