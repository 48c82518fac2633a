import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const trigger = style({
  justifyContent: "space-between",
  gap: vars.space["2"],
  textAlign: "left",
  cursor: "pointer",
});

export const triggerValue = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["2"],
  flex: 1,
  minWidth: 0,
  overflow: "hidden",
  whiteSpace: "nowrap",
  textOverflow: "ellipsis",
});

export const placeholder = style({ color: vars.color.textMuted });

/** A 3:2 box that holds the flag (empty, same size, while the flags load). */
export const flag = style({
  display: "inline-flex",
  flex: "none",
  width: "21px",
  height: "14px",
  borderRadius: "2px",
  overflow: "hidden",
  background: vars.color.surfaceAlt,
  // a hairline over the edge, so white flags stay visible on a white surface
  outline: `1px solid ${vars.color.border}`,
  outlineOffset: "-1px",
});

export const flagImage = style({ display: "block", width: "100%", height: "100%", objectFit: "cover" });

export const chevron = style({ flex: "none", width: "16px", height: "16px", color: vars.color.textMuted });

export const content = style({
  zIndex: vars.zIndex.dropdown,
  display: "flex",
  flexDirection: "column",
  width: "max(var(--radix-popover-trigger-width), 280px)",
  maxWidth: "calc(100vw - 16px)",
  maxHeight: "min(360px, var(--radix-popover-content-available-height))",
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  overflow: "hidden",
});

export const search = style({
  margin: vars.space["2"],
  width: "auto",
  flex: "none",
});

export const listbox = style({
  flex: 1,
  minHeight: 0,
  overflowY: "auto",
  margin: 0,
  padding: `0 ${vars.space["1"]} ${vars.space["1"]}`,
  outline: "none",
});

export const option = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["2"],
  minHeight: "32px",
  padding: `${vars.space["1"]} ${vars.space["2"]}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.md,
  cursor: "pointer",
  userSelect: "none",
  selectors: {
    '&[data-active="true"]': { background: vars.color.primarySoft },
    '&[aria-selected="true"]': { fontWeight: vars.fontWeight.medium },
  },
});

export const optionName = style({ flex: 1, minWidth: 0 });

export const optionCode = style({ color: vars.color.textMuted, fontVariantNumeric: "tabular-nums" });

export const empty = style({
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
