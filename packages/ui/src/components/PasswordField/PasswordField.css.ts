import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const rules = style({
  margin: 0,
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.md,
  background: vars.color.infoSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.normal,
  borderLeft: `3px solid ${vars.color.info}`,
});

export const icon = style({ width: "18px", height: "18px" });
