import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const button = style({
  position: "relative",
  flex: "none",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "40px",
  height: "40px",
  padding: 0,
  border: "none",
  borderRadius: vars.radius.full,
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.full },
  },
});

export const count = style({
  position: "absolute",
  top: "-2px",
  right: "-4px",
  minWidth: "18px",
  height: "18px",
  padding: "0 5px",
  borderRadius: vars.radius.full,
  background: vars.color.danger,
  color: vars.color.onTone,
  fontSize: "11px",
  fontWeight: vars.fontWeight.bold,
  lineHeight: "18px",
  textAlign: "center",
  border: `2px solid ${vars.color.surface}`,
  boxSizing: "content-box",
});
