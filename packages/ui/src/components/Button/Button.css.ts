import { createVar, keyframes, style } from "@vanilla-extract/css";
import { type RecipeVariants, recipe } from "@vanilla-extract/recipes";
import { vars } from "../../theme/vars.css";

const tone = createVar();
const toneSoft = createVar();
const onTone = createVar();

const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const button = recipe({
  base: {
    vars: { [tone]: vars.color.primary, [toneSoft]: vars.color.primarySoft, [onTone]: vars.color.onPrimary },
    position: "relative",
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    gap: vars.space["2"],
    flex: "none",
    margin: 0,
    border: "1px solid transparent",
    borderRadius: vars.radius.md,
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.tight,
    textDecoration: "none",
    whiteSpace: "nowrap",
    cursor: "pointer",
    userSelect: "none",
    transition: `background-color ${vars.transition}, border-color ${vars.transition}, color ${vars.transition}, box-shadow ${vars.transition}`,
    selectors: {
      "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.md },
      "&:disabled": { cursor: "not-allowed", opacity: 0.55 },
      '&[aria-busy="true"]': { cursor: "progress" },
      '&[aria-disabled="true"]:not([aria-busy="true"])': { cursor: "not-allowed", opacity: 0.55 },
    },
  },
  variants: {
    tone: {
      primary: {},
      success: {
        vars: { [tone]: vars.color.success, [toneSoft]: vars.color.successSoft, [onTone]: vars.color.onTone },
      },
      danger: {
        vars: { [tone]: vars.color.danger, [toneSoft]: vars.color.dangerSoft, [onTone]: vars.color.onTone },
      },
      warning: {
        vars: { [tone]: vars.color.warning, [toneSoft]: vars.color.warningSoft, [onTone]: vars.color.onTone },
      },
      secondary: {
        vars: {
          [tone]: vars.color.secondary,
          [toneSoft]: vars.color.secondarySoft,
          [onTone]: vars.color.onTone,
        },
      },
    },
    variant: {
      solid: {
        background: tone,
        borderColor: tone,
        color: onTone,
        selectors: {
          "&:hover:not(:disabled):not([aria-disabled='true'])": {
            background: `color-mix(in srgb, ${tone} 86%, black)`,
            borderColor: `color-mix(in srgb, ${tone} 86%, black)`,
          },
        },
      },
      outline: {
        background: "transparent",
        borderColor: tone,
        color: tone,
        selectors: { "&:hover:not(:disabled):not([aria-disabled='true'])": { background: toneSoft } },
      },
      ghost: {
        background: "transparent",
        color: tone,
        selectors: { "&:hover:not(:disabled):not([aria-disabled='true'])": { background: toneSoft } },
      },
      link: {
        background: "transparent",
        color: tone,
        paddingInline: "0 !important",
        minHeight: "auto !important",
        textDecoration: "underline",
        textUnderlineOffset: "2px",
        selectors: {
          "&:hover:not(:disabled)": { textDecorationThickness: "2px" },
          "&:focus-visible": { borderRadius: vars.radius.sm },
        },
      },
    },
    size: {
      sm: { minHeight: "32px", paddingInline: vars.space["3"], fontSize: vars.fontSize.sm },
      md: { minHeight: "40px", paddingInline: vars.space["4"], fontSize: vars.fontSize.md },
      lg: { minHeight: "48px", paddingInline: vars.space["5"], fontSize: vars.fontSize.lg },
    },
    fullWidth: { true: { width: "100%" }, false: {} },
    iconOnly: { true: { paddingInline: 0, aspectRatio: "1 / 1" }, false: {} },
  },
  defaultVariants: { tone: "primary", variant: "solid", size: "md", fullWidth: false, iconOnly: false },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

export const icon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flex: "none",
  width: "1.15em",
  height: "1.15em",
});

export const spinner = style({
  display: "inline-block",
  flex: "none",
  width: "1em",
  height: "1em",
  borderRadius: vars.radius.full,
  border: "2px solid currentColor",
  borderRightColor: "transparent",
  animation: `${spin} 0.7s linear infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animationDuration: "2.1s" } },
});
