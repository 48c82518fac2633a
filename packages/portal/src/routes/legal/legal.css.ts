import { vars } from "@herald/ui/theme";
import { globalStyle, style } from "@vanilla-extract/css";

/** Long-form legal text: readable line length and spacing. */
export const text = style({ display: "grid", gap: vars.space["4"], color: vars.color.text, lineHeight: 1.6 });

export const note = style({
  margin: 0,
  padding: vars.space["3"],
  borderRadius: vars.radius.md,
  background: vars.color.infoSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

export const section = style({ display: "grid", gap: vars.space["2"] });

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

globalStyle(`${section} p, ${section} ul`, { margin: 0 });
globalStyle(`${section} ul`, { paddingLeft: vars.space["6"], display: "grid", gap: vars.space["1"] });

export const link = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: "anywhere",
});
