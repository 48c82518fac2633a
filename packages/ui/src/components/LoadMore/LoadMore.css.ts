import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const root = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space["3"],
  padding: `${vars.space["3"]} 0 0`,
});

export const text = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
