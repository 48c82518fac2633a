import { mediaDown, vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

/** The user's name, their credit and the corporate balance, side by side (stacked on phones). */
export const figures = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(160px, 1fr))",
  gap: vars.space["3"],
  margin: 0,
  "@media": { [mediaDown("sm")]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});
export const figure = style({
  display: "grid",
  gap: vars.space["1"],
  minWidth: 0,
  padding: vars.space["3"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const figureLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const figureValue = style({
  margin: 0,
  color: vars.color.text,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: "anywhere",
});

/** The corporate balance above the summary table, with its Top Up. */
export const balanceRow = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space["3"],
});

/** The Top Up link of a summary row: a small outline button. */
export const rowTopUp = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: 32,
  padding: `${vars.space["1"]} ${vars.space["3"]}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  background: vars.color.surface,
  fontWeight: vars.fontWeight.medium,
  fontSize: vars.fontSize.sm,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing },
  },
});
