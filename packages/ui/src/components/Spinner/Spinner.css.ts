import { keyframes, style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../theme/vars.css";

const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const root = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["2"],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const ring = recipe({
  base: {
    display: "inline-block",
    flex: "none",
    borderRadius: vars.radius.full,
    borderStyle: "solid",
    borderColor: vars.color.border,
    borderTopColor: vars.color.primary,
    animation: `${spin} 0.8s linear infinite`,
    "@media": { "(prefers-reduced-motion: reduce)": { animationDuration: "2.4s" } },
  },
  variants: {
    size: {
      sm: { width: "16px", height: "16px", borderWidth: "2px" },
      md: { width: "24px", height: "24px", borderWidth: "3px" },
      lg: { width: "40px", height: "40px", borderWidth: "4px" },
    },
  },
  defaultVariants: { size: "md" },
});

export const visuallyHidden = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});
