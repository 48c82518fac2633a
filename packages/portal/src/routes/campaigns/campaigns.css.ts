import { mediaDown, vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

/** The date-range filter above the campaign list; it wraps under the heading on phones. */
export const filters = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space["3"],
  marginBottom: vars.space["4"],
  "@media": { [mediaDown("sm")]: { flexDirection: "column", alignItems: "stretch" } },
});

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
