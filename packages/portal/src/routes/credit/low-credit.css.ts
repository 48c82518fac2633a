import { mediaDown, vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

export const page = style({
  padding: vars.space["6"],
  display: "grid",
  gap: vars.space["4"],
  minWidth: 0,
  // The shell's main area already pads the page on phones.
  "@media": { [mediaDown("sm")]: { padding: 0 } },
});

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const form = style({ display: "grid", gap: vars.space["4"], maxWidth: 560, minWidth: 0 });

export const explanation = style({
  margin: 0,
  color: vars.color.textMuted,
  lineHeight: 1.5,
  overflowWrap: "anywhere",
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["3"],
  justifyContent: "flex-end",
});
