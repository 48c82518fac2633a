import { createVar, style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../theme/vars.css";

/** Width of one bar as a percentage of the largest value. */
export const barWidth = createVar();

export const figure = style({
  margin: 0,
  padding: vars.space["4"],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const caption = style({
  marginBottom: vars.space["3"],
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});

export const rows = style({ display: "flex", flexDirection: "column", gap: vars.space["2"] });

export const row = style({
  display: "grid",
  gridTemplateColumns: "minmax(72px, max-content) minmax(0, 1fr) minmax(88px, max-content)",
  alignItems: "center",
  gap: vars.space["3"],
  fontSize: vars.fontSize.sm,
});

export const label = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium });

export const track = style({
  position: "relative",
  height: "20px",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  overflow: "hidden",
});

export const bar = recipe({
  base: {
    display: "block",
    height: "100%",
    width: barWidth,
    minWidth: "2px",
    marginInline: "auto",
    borderRadius: vars.radius.sm,
    transition: `width ${vars.transition}`,
  },
  variants: {
    tone: {
      primary: { background: vars.color.primary },
      success: { background: vars.color.success },
      danger: { background: vars.color.danger },
      warning: { background: vars.color.warning },
      info: { background: vars.color.info },
      secondary: { background: vars.color.secondary },
    },
    shape: {
      funnel: { marginInline: "auto" },
      bar: { marginInline: 0 },
    },
  },
  defaultVariants: { tone: "primary", shape: "funnel" },
});

export const value = style({
  textAlign: "end",
  fontVariantNumeric: "tabular-nums",
  color: vars.color.text,
});

export const percent = style({ color: vars.color.textMuted, marginInlineStart: vars.space["1"] });

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
