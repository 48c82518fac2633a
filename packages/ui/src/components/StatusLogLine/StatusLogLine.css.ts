import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const line = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["3"],
  margin: `${vars.space["2"]} 0`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  textAlign: "center",
  selectors: {
    "&::before, &::after": {
      content: '""',
      flex: "1 1 0",
      borderTop: `1px solid ${vars.color.border}`,
    },
  },
});

export const text = style({
  maxWidth: "80%",
  padding: `2px ${vars.space["3"]}`,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceAlt,
  overflowWrap: "anywhere",
});

export const time = style({ marginInlineStart: vars.space["1"] });
