import { mediaDown, vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

/** The preset amounts as cards: three across, two on tablets, one column on phones. */
export const presets = style({
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: vars.space["3"],
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
  "@media": {
    [mediaDown("md")]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    [mediaDown("sm")]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
  },
});

export const legend = style({
  marginBottom: vars.space["2"],
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
  padding: 0,
});

/** A preset card: a native radio (keyboard: Tab into the group, arrows to move) inside its label. */
export const preset = style({
  position: "relative",
  display: "grid",
  gap: vars.space["1"],
  padding: vars.space["4"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: "pointer",
  minWidth: 0,
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&:has(input:checked)": {
      borderColor: vars.color.primary,
      boxShadow: `inset 0 0 0 1px ${vars.color.primary}`,
      background: vars.color.primarySoft,
    },
    "&:has(input:focus-visible)": { boxShadow: vars.focusRing },
  },
});

/** The radio itself stays in the accessibility tree and focus order, drawn by the card. */
export const radio = style({
  position: "absolute",
  opacity: 0,
  width: 1,
  height: 1,
  margin: 0,
});

export const presetAmount = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  fontVariantNumeric: "tabular-nums",
  overflowWrap: "anywhere",
});

export const presetUnit = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const custom = style({ maxWidth: 320, minWidth: 0 });

export const total = style({
  margin: 0,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: "anywhere",
});

export const error = style({ margin: 0, color: vars.color.danger, fontWeight: vars.fontWeight.medium });
