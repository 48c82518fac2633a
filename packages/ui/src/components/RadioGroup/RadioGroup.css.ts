import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const group = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2"],
  selectors: {
    '&[data-orientation="horizontal"]': { flexDirection: "row", flexWrap: "wrap", gap: vars.space["4"] },
  },
});

export const option = style({ display: "flex", alignItems: "flex-start", gap: vars.space["2"] });

export const radio = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flex: "none",
  width: "18px",
  height: "18px",
  marginTop: "1px",
  padding: 0,
  border: `1.5px solid ${vars.color.secondary}`,
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  cursor: "pointer",
  selectors: {
    '&[data-state="checked"]': { borderColor: vars.color.primary },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.full },
    "&:disabled": { cursor: "not-allowed", opacity: 0.55 },
  },
});

export const dot = style({
  display: "block",
  width: "8px",
  height: "8px",
  borderRadius: vars.radius.full,
  background: vars.color.primary,
});

export const text = style({ display: "flex", flexDirection: "column", gap: "2px" });

export const label = style({
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.tight,
  paddingTop: "2px",
  color: vars.color.text,
  cursor: "pointer",
});

export const labelDisabled = style({ color: vars.color.textMuted, cursor: "not-allowed" });

export const description = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
