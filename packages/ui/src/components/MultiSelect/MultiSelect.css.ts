import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const shell = style({
  flexWrap: "wrap",
  gap: vars.space["1"],
  paddingBlock: vars.space["1"],
  cursor: "text",
});

export const chips = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["1"],
  maxWidth: "100%",
  listStyle: "none",
  margin: 0,
  padding: 0,
});

export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "2px",
  maxWidth: "100%",
  minHeight: "26px",
  paddingLeft: vars.space["2"],
  borderRadius: vars.radius.sm,
  background: vars.color.primarySoft,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.tight,
});

export const chipText = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

export const chipRemove = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "22px",
  height: "22px",
  padding: 0,
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: {
    "&:hover:not(:disabled)": { background: vars.color.surfaceHover, color: vars.color.text },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.sm },
    "&:disabled": { cursor: "not-allowed" },
  },
});

export const input = style({ flex: "1 0 80px", minHeight: "28px" });

export const chevron = style({
  flex: "none",
  width: "16px",
  height: "16px",
  color: vars.color.textMuted,
  marginLeft: "auto",
});

export const listbox = style({
  // Above a modal too: the list opens from fields inside dialogs (e.g. Add into Group).
  zIndex: vars.zIndex.dropdown,
  width: "var(--radix-popover-trigger-width)",
  maxHeight: "min(280px, var(--radix-popover-content-available-height))",
  overflowY: "auto",
  margin: 0,
  padding: vars.space["1"],
  listStyle: "none",
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
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
    '&[aria-disabled="true"]': { color: vars.color.textMuted, cursor: "not-allowed" },
  },
});

export const optionCheck = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flex: "none",
  width: "16px",
  height: "16px",
  border: `1.5px solid ${vars.color.secondary}`,
  borderRadius: vars.radius.sm,
  color: vars.color.onPrimary,
  selectors: {
    [`${option}[aria-selected="true"] &`]: {
      background: vars.color.primary,
      borderColor: vars.color.primary,
    },
  },
});

export const empty = style({
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
