import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../theme/vars.css";

export const card = style({
  display: "flex",
  flexDirection: "column",
  minWidth: 0,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
});

export const section = recipe({
  variants: {
    padding: {
      none: { padding: 0 },
      md: { padding: vars.space["4"] },
      lg: { padding: vars.space["6"] },
    },
  },
  defaultVariants: { padding: "md" },
});

export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  flexWrap: "wrap",
  gap: vars.space["3"],
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const subtitle = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  marginTop: vars.space["1"],
});

export const actions = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["2"],
  flexWrap: "wrap",
});

export const footer = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: vars.space["2"],
  borderTop: `1px solid ${vars.color.border}`,
});
