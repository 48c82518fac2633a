import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const root = style({ display: "flex", flexDirection: "column", gap: vars.space["1"] });

export const row = style({ display: "flex", alignItems: "flex-start", gap: vars.space["2"] });

export const box = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flex: "none",
  width: "18px",
  height: "18px",
  marginTop: "1px",
  padding: 0,
  border: `1.5px solid ${vars.color.secondary}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.onPrimary,
  cursor: "pointer",
  transition: `background-color ${vars.transition}, border-color ${vars.transition}`,
  selectors: {
    '&[data-state="checked"], &[data-state="indeterminate"]': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
    },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.sm },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    "&:disabled": { cursor: "not-allowed", opacity: 0.55 },
  },
});

export const indicator = style({ display: "inline-flex", width: "14px", height: "14px" });

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

export const checkIcon = style({
  selectors: { [`${indicator}[data-state="indeterminate"] &`]: { display: "none" } },
});

export const dashIcon = style({
  display: "none",
  selectors: { [`${indicator}[data-state="indeterminate"] &`]: { display: "block" } },
});
