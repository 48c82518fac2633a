import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const trigger = style({
  justifyContent: "space-between",
  gap: vars.space["2"],
  textAlign: "left",
  cursor: "pointer",
  selectors: {
    "&[data-placeholder]": { color: vars.color.textMuted },
  },
});

export const value = style({
  flex: 1,
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

export const chevron = style({ flex: "none", width: "16px", height: "16px", color: vars.color.textMuted });

export const content = style({
  zIndex: vars.zIndex.dropdown,
  minWidth: "var(--radix-select-trigger-width)",
  maxHeight: "min(320px, var(--radix-select-content-available-height))",
  overflow: "hidden",
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
});

export const viewport = style({ padding: vars.space["1"] });

export const item = style({
  position: "relative",
  display: "flex",
  alignItems: "center",
  gap: vars.space["2"],
  minHeight: "32px",
  padding: `${vars.space["1"]} ${vars.space["3"]} ${vars.space["1"]} ${vars.space["8"]}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.tight,
  cursor: "pointer",
  userSelect: "none",
  outline: "none",
  selectors: {
    "&[data-highlighted]": { background: vars.color.primarySoft, color: vars.color.text },
    '&[data-state="checked"]': { fontWeight: vars.fontWeight.medium },
    "&[data-disabled]": { color: vars.color.textMuted, cursor: "not-allowed" },
  },
});

export const indicator = style({
  position: "absolute",
  left: vars.space["2"],
  display: "inline-flex",
  width: "16px",
  height: "16px",
  color: vars.color.primary,
});

export const scrollButton = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  height: "24px",
  color: vars.color.textMuted,
  cursor: "default",
});
