import { keyframes, style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../theme/vars.css";

const slide = keyframes({
  "0%": { transform: "translateX(-100%)" },
  "100%": { transform: "translateX(250%)" },
});

export const root = style({ display: "grid", gap: vars.space["1"], width: "100%" });

export const labelRow = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space["2"],
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
});

export const value = style({ color: vars.color.textMuted, fontVariantNumeric: "tabular-nums" });

export const track = recipe({
  base: {
    position: "relative",
    overflow: "hidden",
    width: "100%",
    borderRadius: vars.radius.full,
    background: vars.color.surfaceHover,
    border: `1px solid ${vars.color.border}`,
  },
  variants: { size: { sm: { height: "6px" }, md: { height: "10px" } } },
  defaultVariants: { size: "md" },
});

export const indicator = recipe({
  base: {
    height: "100%",
    borderRadius: vars.radius.full,
    transition: `width ${vars.transition}`,
  },
  variants: {
    tone: {
      primary: { background: vars.color.primary },
      success: { background: vars.color.success },
      warning: { background: vars.color.warning },
      danger: { background: vars.color.danger },
    },
    indeterminate: {
      true: {
        width: "40%",
        animation: `${slide} 1.4s ease-in-out infinite`,
        "@media": { "(prefers-reduced-motion: reduce)": { animationDuration: "4s" } },
      },
      false: {},
    },
  },
  defaultVariants: { tone: "primary", indeterminate: false },
});
