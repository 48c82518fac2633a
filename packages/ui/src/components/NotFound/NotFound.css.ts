import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const root = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space["4"],
  minHeight: "60vh",
  padding: vars.space["6"],
  textAlign: "center",
});

export const code = style({
  fontSize: "72px",
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  color: vars.color.primary,
  letterSpacing: "0.04em",
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const link = style({
  display: "inline-flex",
  alignItems: "center",
  padding: `${vars.space["2"]} ${vars.space["4"]}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: vars.color.primaryHover },
    "&:focus-visible": { boxShadow: vars.focusRing, borderRadius: vars.radius.md },
  },
});
