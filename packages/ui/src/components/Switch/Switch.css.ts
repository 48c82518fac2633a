import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const root = style({ display: "flex", flexDirection: "column", gap: vars.space["1"] });

export const row = style({ display: "flex", alignItems: "flex-start", gap: vars.space["3"] });

export const rowEnd = style({ justifyContent: "space-between" });

export const track = style({
  position: "relative",
  flex: "none",
  width: "38px",
  height: "22px",
  padding: 0,
  border: 0,
  borderRadius: vars.radius.full,
  background: vars.color.secondary,
  cursor: "pointer",
  transition: `background-color ${vars.transition}`,
  selectors: {
    '&[data-state="checked"]': { background: vars.color.primary },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.full },
    "&:disabled": { cursor: "not-allowed", opacity: 0.55 },
  },
});

export const thumb = style({
  display: "block",
  width: "18px",
  height: "18px",
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  transform: "translateX(2px)",
  transition: `transform ${vars.transition}`,
  selectors: { '&[data-state="checked"]': { transform: "translateX(18px)" } },
  "@media": { "(prefers-reduced-motion: reduce)": { transition: "none" } },
});

export const text = style({ display: "flex", flexDirection: "column", gap: "2px", minWidth: 0 });

export const label = style({
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
  cursor: "pointer",
  paddingTop: "2px",
});

export const labelDisabled = style({ color: vars.color.textMuted, cursor: "not-allowed" });

export const description = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
