import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const item = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr)",
  gap: vars.space["3"],
  width: "100%",
  padding: `${vars.space["3"]} ${vars.space["4"]}`,
  border: 0,
  borderBottom: `1px solid ${vars.color.border}`,
  borderInlineStart: "3px solid transparent",
  background: vars.color.surface,
  color: vars.color.text,
  font: "inherit",
  textAlign: "start",
  cursor: "pointer",
  transition: `background ${vars.transition}`,
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&:focus-visible": { outline: "none", boxShadow: `inset ${vars.focusRing}` },
    '&[aria-current="true"]': {
      background: vars.color.primarySoft,
      borderInlineStartColor: vars.color.primary,
    },
  },
});

export const body = style({ display: "flex", flexDirection: "column", gap: "2px", minWidth: 0 });

export const line = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["2"],
  minWidth: 0,
});

export const name = style({
  flex: "1 1 auto",
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontWeight: vars.fontWeight.bold,
});

export const time = style({
  flex: "none",
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  whiteSpace: "nowrap",
});

export const preview = style({
  flex: "1 1 auto",
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const unread = style({ flex: "none" });

export const agent = style({
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});
