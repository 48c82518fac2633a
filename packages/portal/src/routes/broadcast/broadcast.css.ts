import { mediaDown, vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

export const stats = style({
  display: "grid",
  gap: vars.space["3"],
  gridTemplateColumns: "repeat(auto-fit, minmax(140px, 1fr))",
});

export const split = style({
  display: "grid",
  gap: vars.space["4"],
  gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
  "@media": { [mediaDown("md")]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const form = style({ display: "grid", gap: vars.space["4"], minWidth: 0 });

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const preview = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere", margin: 0 });

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content minmax(0, 1fr)",
  gap: `${vars.space["2"]} ${vars.space["5"]}`,
  margin: 0,
});

export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, overflowWrap: "anywhere" });

export const checkList = style({
  display: "grid",
  gap: vars.space["2"],
  maxHeight: 320,
  overflowY: "auto",
  padding: 0,
  margin: 0,
  listStyle: "none",
});

export const counts = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"] });

export const helpList = style({
  margin: 0,
  paddingInlineStart: vars.space["5"],
  display: "grid",
  gap: vars.space["2"],
});
