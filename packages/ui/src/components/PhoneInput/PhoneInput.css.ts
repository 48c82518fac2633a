import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const shell = style({ paddingLeft: vars.space["1"], gap: vars.space["2"] });

export const countryButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["1"],
  flex: "none",
  alignSelf: "stretch",
  margin: `${vars.space["1"]} 0`,
  padding: `0 ${vars.space["2"]}`,
  border: 0,
  borderRight: `1px solid ${vars.color.border}`,
  borderRadius: `${vars.radius.sm} 0 0 ${vars.radius.sm}`,
  background: "transparent",
  color: vars.color.text,
  fontVariantNumeric: "tabular-nums",
  cursor: "pointer",
  selectors: {
    "&:hover:not(:disabled)": { background: vars.color.surfaceHover },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.sm },
    "&:disabled": { cursor: "not-allowed" },
  },
});

export const chevron = style({ width: "12px", height: "12px", color: vars.color.textMuted });
