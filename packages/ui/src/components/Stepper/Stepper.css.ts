import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../theme/vars.css";

export const list = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["2"],
  margin: 0,
  padding: 0,
  listStyle: "none",
  counterReset: "step",
});

export const item = recipe({
  base: {
    display: "flex",
    alignItems: "center",
    gap: vars.space["2"],
    flex: "1 1 0",
    minWidth: "120px",
    padding: `${vars.space["2"]} ${vars.space["3"]}`,
    borderRadius: vars.radius.md,
    borderBottom: `3px solid ${vars.color.border}`,
    color: vars.color.textMuted,
  },
  variants: {
    state: {
      complete: { borderBottomColor: vars.color.success, color: vars.color.text },
      current: {
        borderBottomColor: vars.color.primary,
        color: vars.color.text,
        background: vars.color.primarySoft,
      },
      upcoming: {},
    },
  },
  defaultVariants: { state: "upcoming" },
});

export const number = recipe({
  base: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    flex: "none",
    width: "28px",
    height: "28px",
    borderRadius: vars.radius.full,
    border: `2px solid ${vars.color.borderStrong}`,
    background: vars.color.surface,
    color: vars.color.text,
    fontWeight: vars.fontWeight.bold,
    fontSize: vars.fontSize.sm,
  },
  variants: {
    state: {
      complete: { borderColor: vars.color.success, background: vars.color.success, color: vars.color.onTone },
      current: {
        borderColor: vars.color.primary,
        background: vars.color.primary,
        color: vars.color.onPrimary,
      },
      upcoming: {},
    },
  },
  defaultVariants: { state: "upcoming" },
});

export const text = style({ display: "flex", flexDirection: "column", minWidth: 0 });
export const title = style({ fontWeight: vars.fontWeight.medium, fontSize: vars.fontSize.md });
export const description = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const stepButton = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["2"],
  padding: 0,
  border: 0,
  background: "transparent",
  color: "inherit",
  font: "inherit",
  textAlign: "start",
  cursor: "pointer",
});
