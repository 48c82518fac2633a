import { mediaDown, mediaUp, vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

/** Account picker and date range on one row where there is room, stacked on phones. */
export const filters = style({
  display: "grid",
  gap: vars.space["4"],
  alignItems: "end",
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { [mediaUp("md")]: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 2fr)" } },
});

export const presets = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"] });

/** Opening, In, Out, Closing: four across on the widest screens, two by two below, one column on phones. */
export const cards = style({
  display: "grid",
  gap: vars.space["3"],
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  "@media": {
    [mediaUp("xxl")]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
    [mediaDown("sm")]: { gridTemplateColumns: "minmax(0, 1fr)" },
  },
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["2"],
  alignItems: "center",
  justifyContent: "space-between",
});

export const exportButtons = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"] });

export const amountIn = style({
  color: vars.color.success,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: "nowrap",
});
export const amountOut = style({
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: "nowrap",
});
export const number = style({ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" });

export const more = style({ display: "flex", justifyContent: "center", paddingTop: vars.space["3"] });
