import { vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

export const form = style({ display: "grid", gap: vars.space["5"], maxWidth: 560 });
export const actions = style({
  display: "flex",
  gap: vars.space["3"],
  justifyContent: "flex-end",
  flexWrap: "wrap",
});
export const notice = style({ margin: 0, color: vars.color.textMuted });
export const number = style({ fontVariantNumeric: "tabular-nums", color: vars.color.textMuted });
export const keyword = style({ fontWeight: vars.fontWeight.medium, overflowWrap: "anywhere" });
