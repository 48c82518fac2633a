import { mediaDown, vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

/** Label beside value; on phones each label sits above its value, so the value gets the full width. */
export const details = style({
  display: "grid",
  gridTemplateColumns: "minmax(140px, max-content) minmax(0, 1fr)",
  gap: `${vars.space["3"]} ${vars.space["6"]}`,
  margin: 0,
  "@media": { [mediaDown("sm")]: { gridTemplateColumns: "minmax(0, 1fr)", gap: 0 } },
});
export const term = style({
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  "@media": { [mediaDown("sm")]: { fontSize: vars.fontSize.sm } },
});
// Values break at the opportunities they carry (an e-mail after "@" and before "."); only a single segment
// longer than the line breaks inside, as a last resort.
export const value = style({
  margin: 0,
  minWidth: 0,
  color: vars.color.text,
  overflowWrap: "break-word",
  "@media": { [mediaDown("sm")]: { marginBottom: vars.space["3"] } },
});
export const badges = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"] });
export const form = style({ display: "grid", gap: vars.space["4"], maxWidth: 560 });
export const row = style({ display: "flex", gap: vars.space["3"], flexWrap: "wrap", alignItems: "flex-end" });
export const actions = style({ display: "flex", gap: vars.space["3"], justifyContent: "flex-end" });
export const pair = style({ display: "contents" });
