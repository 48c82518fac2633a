import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const root = style({ display: "grid", gap: vars.space["1"], minWidth: 0 });

export const list = style({ display: "grid", gap: vars.space["1"], margin: 0, minWidth: 0 });

export const row = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  columnGap: vars.space["2"],
  rowGap: vars.space["1"],
  minWidth: 0,
  fontSize: vars.fontSize.sm,
});

export const term = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });

export const value = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: vars.space["1"],
  margin: 0,
  minWidth: 0,
});

const chip = {
  padding: `0 ${vars.space["1"]}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  overflowWrap: "anywhere",
  fontVariantNumeric: "tabular-nums",
} as const;

export const before = style({
  ...chip,
  background: vars.color.dangerSoft,
  textDecoration: "line-through",
  textDecorationColor: vars.color.danger,
});

export const after = style({ ...chip, background: vars.color.successSoft, textDecoration: "none" });

export const arrow = style({ color: vars.color.textMuted });

export const empty = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
