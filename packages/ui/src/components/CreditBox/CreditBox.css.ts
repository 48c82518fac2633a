import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const root = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["3"],
  padding: `${vars.space["1"]} ${vars.space["1"]} ${vars.space["1"]} ${vars.space["3"]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const text = style({ display: "flex", flexDirection: "column", lineHeight: vars.lineHeight.tight });

export const label = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const amount = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  fontVariantNumeric: "tabular-nums",
  whiteSpace: "nowrap",
});

export const low = style({ color: vars.color.danger });

/** The details link (e.g. Statement) under the amount. */
export const details = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.primary,
  textDecoration: "underline",
  textUnderlineOffset: "2px",
  borderRadius: vars.radius.sm,
  selectors: { "&:focus-visible": { outline: "none", boxShadow: vars.focusRing } },
});

/**
 * CreditSummary: the boxes side by side when the header (AppShell's header is a size container) has room,
 * otherwise one compact "Credit" button that opens them in a popover. Without a container (e.g. alone on a
 * page) the boxes show.
 */
export const COMPACT_BELOW = 900;

/** Below this header width the "Credit" button shows a wallet icon only (its text stays its name). */
export const ICON_ONLY_BELOW = 360;
const iconOnly = `(max-width: ${ICON_ONLY_BELOW - 0.02}px)`;

export const summary = style({ display: "flex", alignItems: "center", flex: "none" });

export const wide = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["3"],
  "@container": { [`(max-width: ${COMPACT_BELOW - 0.02}px)`]: { display: "none" } },
});

export const compact = style({
  display: "none",
  "@container": { [`(max-width: ${COMPACT_BELOW - 0.02}px)`]: { display: "inline-flex" } },
});

export const compactTrigger = style({
  position: "relative",
  flex: "none",
  alignItems: "center",
  justifyContent: "center",
  minWidth: "40px",
  gap: vars.space["1"],
  height: "40px",
  padding: `0 ${vars.space["2"]} 0 ${vars.space["3"]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: "nowrap",
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing },
  },
  "@container": { [iconOnly]: { padding: 0 } },
});

export const compactChevron = style({
  display: "inline-flex",
  color: vars.color.textMuted,
  "@container": { [iconOnly]: { display: "none" } },
});

export const compactIcon = style({
  display: "none",
  "@container": { [iconOnly]: { display: "inline-flex" } },
});

export const compactLabel = style({
  "@container": {
    [iconOnly]: {
      position: "absolute",
      width: "1px",
      height: "1px",
      margin: "-1px",
      padding: 0,
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
      border: 0,
    },
  },
});

export const popover = style({
  display: "grid",
  gap: vars.space["2"],
  padding: vars.space["2"],
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  zIndex: vars.zIndex.dropdown,
});

export const popoverBox = style({ justifyContent: "space-between" });
