import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const root = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["3"],
  padding: `${vars.space["1"]} ${vars.space["1"]} ${vars.space["1"]} ${vars.space["3"]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const text = style({ display: "flex", flexDirection: "column", lineHeight: vars.lineHeight.tight });

export const label = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const amount = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  fontVariantNumeric: "tabular-nums",
  whiteSpace: "nowrap",
});

export const low = style({ color: vars.color.danger });
