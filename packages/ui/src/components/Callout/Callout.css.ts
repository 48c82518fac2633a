import { createVar, globalStyle, style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../theme/vars.css";

const tone = createVar();
const toneSoft = createVar();

const toneVars = (main: string, soft: string) => ({ vars: { [tone]: main, [toneSoft]: soft } });

/** The box: the tone's pale background, a bar in the tone at the start edge, body text in the text colour. */
export const callout = recipe({
  base: {
    display: "grid",
    gridTemplateColumns: "auto minmax(0, 1fr)",
    gap: vars.space["3"],
    alignItems: "start",
    margin: 0,
    padding: `${vars.space["3"]} ${vars.space["4"]}`,
    border: `1px solid color-mix(in srgb, ${tone} 35%, transparent)`,
    borderInlineStartWidth: "4px",
    borderInlineStartColor: tone,
    borderRadius: vars.radius.md,
    background: toneSoft,
    color: vars.color.text,
    fontSize: vars.fontSize.md,
    lineHeight: vars.lineHeight.normal,
    minWidth: 0,
  },
  variants: {
    tone: {
      info: toneVars(vars.color.info, vars.color.infoSoft),
      success: toneVars(vars.color.success, vars.color.successSoft),
      warning: toneVars(vars.color.warning, vars.color.warningSoft),
      danger: toneVars(vars.color.danger, vars.color.dangerSoft),
    },
  },
  defaultVariants: { tone: "info" },
});

/** The tone's icon, level with the first line. */
export const icon = style({ display: "inline-flex", color: tone });

export const body = style({ display: "grid", gap: vars.space["2"], minWidth: 0, overflowWrap: "anywhere" });

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
});

// Paragraphs and lists given as children sit flush in the box.
globalStyle(`${body} > p, ${body} > ul, ${body} > ol`, { margin: 0 });
globalStyle(`${body} > ul, ${body} > ol`, {
  paddingInlineStart: vars.space["5"],
  display: "grid",
  gap: vars.space["1"],
});
