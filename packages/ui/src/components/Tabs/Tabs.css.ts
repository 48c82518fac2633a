import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const root = style({ display: "flex", flexDirection: "column", gap: vars.space["4"] });

export const list = style({
  display: "flex",
  gap: vars.space["1"],
  overflowX: "auto",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const trigger = style({
  position: "relative",
  flex: "none",
  padding: `${vars.space["2"]} ${vars.space["4"]}`,
  border: "none",
  borderBottom: "2px solid transparent",
  marginBottom: "-1px",
  background: "transparent",
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
  selectors: {
    "&:hover:not([data-disabled])": { color: vars.color.text, background: vars.color.surfaceHover },
    '&[data-state="active"]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    "&[data-disabled]": { cursor: "not-allowed", opacity: 0.55 },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing },
  },
});

export const content = style({
  selectors: {
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.sm },
  },
});
