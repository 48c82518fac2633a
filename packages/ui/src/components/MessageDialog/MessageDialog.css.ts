import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../theme/vars.css";

export const body = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  textAlign: "center",
  gap: vars.space["3"],
  padding: `${vars.space["6"]} ${vars.space["6"]} ${vars.space["4"]}`,
});

export const icon = recipe({
  base: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    width: "56px",
    height: "56px",
    borderRadius: vars.radius.full,
  },
  variants: {
    variant: {
      success: { background: vars.color.successSoft, color: vars.color.success },
      error: { background: vars.color.dangerSoft, color: vars.color.danger },
      warning: { background: vars.color.warningSoft, color: vars.color.warning },
      info: { background: vars.color.infoSoft, color: vars.color.info },
    },
  },
});

export const title = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const text = style({ color: vars.color.textMuted, whiteSpace: "pre-line", overflowWrap: "anywhere" });

export const footer = style({
  display: "flex",
  justifyContent: "center",
  gap: vars.space["2"],
  padding: `0 ${vars.space["6"]} ${vars.space["6"]}`,
});
