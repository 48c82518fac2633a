import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const root = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  textAlign: "center",
  gap: vars.space["2"],
  padding: `${vars.space["10"]} ${vars.space["4"]}`,
  color: vars.color.textMuted,
});

export const icon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "48px",
  height: "48px",
  marginBottom: vars.space["2"],
  borderRadius: vars.radius.full,
  background: vars.color.surfaceAlt,
  color: vars.color.textMuted,
});

export const title = style({
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const description = style({ maxWidth: "44ch", fontSize: vars.fontSize.md });

export const action = style({ marginTop: vars.space["3"] });
