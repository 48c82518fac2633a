import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const list = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["1"],
  margin: 0,
  padding: 0,
  listStyle: "none",
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const item = style({ display: "inline-flex", alignItems: "center", gap: vars.space["1"] });

export const link = style({
  color: vars.color.primary,
  textDecoration: "none",
  borderRadius: vars.radius.sm,
  selectors: { "&:hover": { textDecoration: "underline" } },
});

export const current = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium });

export const separator = style({ display: "inline-flex", color: vars.color.textMuted });
