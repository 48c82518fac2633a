import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { mediaDown } from "../../theme/tokens";
import { vars } from "../../theme/vars.css";

export const viewport = style({
  position: "fixed",
  bottom: 0,
  right: 0,
  zIndex: vars.zIndex.toast,
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2"],
  width: "380px",
  maxWidth: "100vw",
  margin: 0,
  padding: vars.space["4"],
  listStyle: "none",
  outline: "none",
  "@media": { [mediaDown("sm")]: { width: "100%" } },
});

export const toast = recipe({
  base: {
    display: "grid",
    gridTemplateColumns: "auto 1fr auto",
    alignItems: "start",
    gap: vars.space["3"],
    padding: vars.space["3"],
    background: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderLeftWidth: "4px",
    borderRadius: vars.radius.md,
    boxShadow: vars.shadow.md,
    selectors: {
      '&[data-swipe="move"]': { transform: "translateX(var(--radix-toast-swipe-move-x))" },
      '&[data-swipe="end"]': { transform: "translateX(var(--radix-toast-swipe-end-x))" },
    },
  },
  variants: {
    tone: {
      success: { borderLeftColor: vars.color.success },
      error: { borderLeftColor: vars.color.danger },
      warning: { borderLeftColor: vars.color.warning },
      info: { borderLeftColor: vars.color.info },
    },
  },
  defaultVariants: { tone: "info" },
});

export const icon = recipe({
  base: { display: "inline-flex", paddingTop: "1px" },
  variants: {
    tone: {
      success: { color: vars.color.success },
      error: { color: vars.color.danger },
      warning: { color: vars.color.warning },
      info: { color: vars.color.info },
    },
  },
});

export const title = style({ fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.md });

export const description = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  marginTop: "2px",
});

export const action = style({ gridColumn: "2 / 3", marginTop: vars.space["1"] });

export const close = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "28px",
  height: "28px",
  padding: 0,
  border: "none",
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceHover, color: vars.color.text },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing },
  },
});
