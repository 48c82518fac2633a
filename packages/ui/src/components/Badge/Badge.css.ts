import { createVar } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../theme/vars.css";

const tone = createVar();
const toneSoft = createVar();

const toneVars = (main: string, soft: string) => ({ vars: { [tone]: main, [toneSoft]: soft } });

export const badge = recipe({
  base: {
    display: "inline-flex",
    alignItems: "center",
    gap: vars.space["1"],
    padding: `2px ${vars.space["2"]}`,
    borderRadius: vars.radius.full,
    border: "1px solid transparent",
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.normal,
    whiteSpace: "nowrap",
    verticalAlign: "middle",
  },
  variants: {
    tone: {
      primary: toneVars(vars.color.primary, vars.color.primarySoft),
      success: toneVars(vars.color.success, vars.color.successSoft),
      danger: toneVars(vars.color.danger, vars.color.dangerSoft),
      warning: toneVars(vars.color.warning, vars.color.warningSoft),
      info: toneVars(vars.color.info, vars.color.infoSoft),
      secondary: toneVars(vars.color.secondary, vars.color.secondarySoft),
    },
    variant: {
      solid: { background: tone, color: vars.color.onTone },
      soft: {
        background: toneSoft,
        color: tone,
        borderColor: `color-mix(in srgb, ${tone} 30%, transparent)`,
      },
    },
  },
  defaultVariants: { tone: "primary", variant: "solid" },
});
