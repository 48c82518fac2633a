import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const body = style({
  display: "grid",
  gap: vars.space["2"],
  padding: `${vars.space["5"]} ${vars.space["5"]} ${vars.space["2"]}`,
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const text = style({ color: vars.color.textMuted, whiteSpace: "pre-line" });

export const footer = style({
  display: "flex",
  justifyContent: "flex-end",
  flexWrap: "wrap",
  gap: vars.space["2"],
  padding: vars.space["5"],
});
