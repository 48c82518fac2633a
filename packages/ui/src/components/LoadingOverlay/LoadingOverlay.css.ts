import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../theme/vars.css";

export const container = style({ position: "relative" });

export const overlay = recipe({
  base: {
    inset: 0,
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    background: `color-mix(in srgb, ${vars.color.surface} 75%, transparent)`,
    zIndex: vars.zIndex.overlay,
  },
  variants: {
    fullscreen: {
      true: { position: "fixed", background: vars.color.overlay },
      false: { position: "absolute", borderRadius: "inherit" },
    },
  },
  defaultVariants: { fullscreen: false },
});

export const box = style({
  display: "inline-flex",
  padding: `${vars.space["3"]} ${vars.space["4"]}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
  color: vars.color.text,
});
