import { createVar, style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../theme/vars.css";

const tone = createVar();
const toneSoft = createVar();
const toneVars = (main: string, soft: string) => ({ vars: { [tone]: main, [toneSoft]: soft } });

export const card = recipe({
  base: {
    display: "flex",
    flexDirection: "column",
    gap: vars.space["1"],
    minWidth: "140px",
    padding: vars.space["4"],
    borderRadius: vars.radius.lg,
    border: `1px solid ${vars.color.border}`,
    borderInlineStart: `4px solid ${tone}`,
    background: vars.color.surface,
    boxShadow: vars.shadow.sm,
  },
  variants: {
    tone: {
      primary: toneVars(vars.color.primary, vars.color.primarySoft),
      success: toneVars(vars.color.success, vars.color.successSoft),
      danger: toneVars(vars.color.danger, vars.color.dangerSoft),
      warning: toneVars(vars.color.warning, vars.color.warningSoft),
      info: toneVars(vars.color.info, vars.color.infoSoft),
      secondary: toneVars(vars.color.secondary, vars.color.secondarySoft),
    },
    /** The whole card is a link to what it counts. */
    link: {
      true: {
        color: "inherit",
        textDecoration: "none",
        cursor: "pointer",
        transition: `border-color ${vars.transition}, box-shadow ${vars.transition}`,
        selectors: {
          "&:hover": { borderColor: tone, boxShadow: vars.shadow.md },
          "&:focus-visible": { outline: "none", boxShadow: vars.focusRing },
        },
      },
      false: {},
    },
  },
  defaultVariants: { tone: "primary", link: false },
});

export const header = style({ display: "flex", alignItems: "center", gap: vars.space["2"] });

export const icon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "28px",
  height: "28px",
  borderRadius: vars.radius.md,
  background: toneSoft,
  color: tone,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
});

export const value = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
  fontVariantNumeric: "tabular-nums",
});

export const delta = recipe({
  base: { display: "inline-flex", alignItems: "center", gap: vars.space["1"], fontSize: vars.fontSize.xs },
  variants: {
    direction: {
      up: { color: vars.color.success },
      down: { color: vars.color.danger },
      flat: { color: vars.color.textMuted },
    },
  },
});

export const description = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
