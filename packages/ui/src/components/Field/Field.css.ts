import { createVar, style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../theme/vars.css";

/** Shared by every input: the field column, its label, help, error and counter lines. */
export const field = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["1"],
  minWidth: 0,
});

export const fieldset = style([field, { border: 0, margin: 0, padding: 0 }]);

export const label = style({
  display: "inline-flex",
  alignItems: "baseline",
  gap: vars.space["1"],
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
  padding: 0,
});

export const labelDisabled = style({ color: vars.color.textMuted });

export const requiredMark = style({ color: vars.color.danger, fontWeight: vars.fontWeight.bold });

export const footer = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space["2"],
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.normal,
});

export const messages = style({ display: "flex", flexDirection: "column", gap: vars.space["1"], flex: 1 });

export const help = style({ color: vars.color.textMuted });

export const error = style({ color: vars.color.danger, fontWeight: vars.fontWeight.medium });

export const counter = style({
  marginLeft: "auto",
  color: vars.color.textMuted,
  fontVariantNumeric: "tabular-nums",
  whiteSpace: "nowrap",
});

export const counterOver = style({ color: vars.color.danger });

export const visuallyHidden = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
});

/** Height of a control, shared so that inputs, selects and buttons line up in a row. */
export const controlHeight = { sm: "32px", md: "40px", lg: "48px" } as const;

export const borderColorVar = createVar();

/**
 * The box every text-like control draws: used directly on <input>/<textarea>, or on a wrapper
 * (`shell`) when the control has adornments such as a prefix or a toggle button.
 */
export const control = recipe({
  base: {
    vars: { [borderColorVar]: vars.color.borderStrong },
    display: "flex",
    alignItems: "center",
    width: "100%",
    minWidth: 0,
    margin: 0,
    paddingInline: vars.space["3"],
    border: `1px solid ${borderColorVar}`,
    borderRadius: vars.radius.md,
    background: vars.color.surface,
    color: vars.color.text,
    fontSize: vars.fontSize.md,
    lineHeight: vars.lineHeight.normal,
    transition: `border-color ${vars.transition}, box-shadow ${vars.transition}`,
    outline: "none",
    selectors: {
      "&:hover": { vars: { [borderColorVar]: vars.color.secondary } },
      "&:focus-visible, &:focus-within": {
        vars: { [borderColorVar]: vars.color.focus },
        boxShadow: vars.focusRing,
        borderRadius: vars.radius.md,
      },
      '&[aria-invalid="true"], &[data-invalid]': { vars: { [borderColorVar]: vars.color.danger } },
      "&:disabled, &[data-disabled]": {
        vars: { [borderColorVar]: vars.color.border },
        background: vars.color.surfaceAlt,
        color: vars.color.textMuted,
        cursor: "not-allowed",
      },
      "&::placeholder": { color: vars.color.textMuted, opacity: 1 },
    },
  },
  variants: {
    size: {
      sm: { minHeight: controlHeight.sm, fontSize: vars.fontSize.sm },
      md: { minHeight: controlHeight.md },
      lg: { minHeight: controlHeight.lg, fontSize: vars.fontSize.lg },
    },
    multiline: {
      true: { paddingBlock: vars.space["2"], alignItems: "stretch", resize: "vertical" },
      false: {},
    },
  },
  defaultVariants: { size: "md", multiline: false },
});

/** A bare <input> inside a `control` shell: no box of its own. */
export const bareInput = style({
  flex: 1,
  minWidth: 0,
  alignSelf: "stretch",
  border: 0,
  margin: 0,
  padding: 0,
  background: "transparent",
  color: "inherit",
  font: "inherit",
  outline: "none",
  selectors: {
    "&:focus-visible": { boxShadow: "none" },
    "&::placeholder": { color: vars.color.textMuted, opacity: 1 },
    "&:disabled": { cursor: "not-allowed" },
  },
});

/** A prefix or suffix inside a control shell ("SGD", "+65"). */
export const adornment = style({
  display: "inline-flex",
  alignItems: "center",
  flex: "none",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  whiteSpace: "nowrap",
});

/** A small square icon button placed inside a control (password toggle, stepper, remove). */
export const inlineButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flex: "none",
  minWidth: "28px",
  height: "28px",
  padding: `0 ${vars.space["1"]}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: {
    "&:hover:not(:disabled)": { background: vars.color.surfaceHover, color: vars.color.text },
    "&:focus-visible": { boxShadow: vars.focusRing, borderRadius: vars.radius.sm },
    "&:disabled": { cursor: "not-allowed", opacity: 0.5 },
  },
});

/** Extra rules for a `control` drawn on a wrapper around a bare input and its adornments. */
export const shell = style({ gap: vars.space["2"], cursor: "text" });
