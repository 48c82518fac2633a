import { vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

export const page = style({ padding: vars.space["6"], display: "grid", gap: vars.space["4"], maxWidth: 960 });
export const details = style({
  display: "grid",
  gridTemplateColumns: "minmax(140px, max-content) 1fr",
  gap: `${vars.space["3"]} ${vars.space["6"]}`,
  margin: 0,
});
export const term = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });
export const value = style({ margin: 0, color: vars.color.text, overflowWrap: "anywhere" });
export const badges = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"] });
export const form = style({ display: "grid", gap: vars.space["4"], maxWidth: 560 });
export const row = style({ display: "flex", gap: vars.space["3"], flexWrap: "wrap", alignItems: "flex-end" });
export const actions = style({ display: "flex", gap: vars.space["3"], justifyContent: "flex-end" });
export const pair = style({ display: "contents" });
