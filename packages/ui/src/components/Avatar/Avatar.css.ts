import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../theme/vars.css";

export const root = recipe({
  base: {
    position: "relative",
    display: "inline-flex",
    flex: "none",
    verticalAlign: "middle",
  },
  variants: {
    size: {
      sm: { width: "28px", height: "28px", fontSize: vars.fontSize.xs },
      md: { width: "36px", height: "36px", fontSize: vars.fontSize.sm },
      lg: { width: "56px", height: "56px", fontSize: vars.fontSize.lg },
    },
  },
  defaultVariants: { size: "md" },
});

export const circle = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "100%",
  height: "100%",
  overflow: "hidden",
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontWeight: vars.fontWeight.bold,
  userSelect: "none",
});

export const image = style({ width: "100%", height: "100%", objectFit: "cover" });

export const dot = recipe({
  base: {
    position: "absolute",
    right: "-1px",
    bottom: "-1px",
    width: "30%",
    height: "30%",
    minWidth: "8px",
    minHeight: "8px",
    borderRadius: vars.radius.full,
    border: `2px solid ${vars.color.surface}`,
  },
  variants: {
    status: {
      online: { background: vars.color.success },
      offline: { background: vars.color.secondary },
    },
  },
});
