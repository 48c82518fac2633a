import { vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

export const toolbar = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"] });

export const form = style({ display: "grid", gap: vars.space["4"], maxWidth: 560 });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["3"],
  justifyContent: "flex-end",
});
