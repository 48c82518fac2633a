import { vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

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
