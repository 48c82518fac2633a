import { createSprinkles, defineProperties } from "@vanilla-extract/sprinkles";
import { breakpoints } from "./tokens";
import { vars } from "./vars.css";

const responsive = defineProperties({
  conditions: {
    base: {},
    sm: { "@media": `screen and (min-width: ${breakpoints.sm}px)` },
    md: { "@media": `screen and (min-width: ${breakpoints.md}px)` },
    lg: { "@media": `screen and (min-width: ${breakpoints.lg}px)` },
    xl: { "@media": `screen and (min-width: ${breakpoints.xl}px)` },
    xxl: { "@media": `screen and (min-width: ${breakpoints.xxl}px)` },
  },
  defaultCondition: "base",
  properties: {
    display: ["none", "block", "flex", "grid", "inline-flex", "inline-block"],
    flexDirection: ["row", "column", "row-reverse", "column-reverse"],
    flexWrap: ["wrap", "nowrap"],
    alignItems: ["stretch", "flex-start", "center", "flex-end", "baseline"],
    justifyContent: ["stretch", "flex-start", "center", "flex-end", "space-between", "space-around"],
    gap: vars.space,
    padding: vars.space,
    paddingTop: vars.space,
    paddingBottom: vars.space,
    paddingLeft: vars.space,
    paddingRight: vars.space,
    margin: vars.space,
    marginTop: vars.space,
    marginBottom: vars.space,
    width: ["auto", "100%"],
    flex: ["1", "none", "auto"],
    textAlign: ["left", "center", "right"],
  },
  shorthands: { p: ["padding"], px: ["paddingLeft", "paddingRight"], py: ["paddingTop", "paddingBottom"] },
});

const colors = defineProperties({
  properties: {
    color: vars.color,
    background: vars.color,
    borderRadius: vars.radius,
    fontSize: vars.fontSize,
    fontWeight: vars.fontWeight,
  },
});

export const sprinkles = createSprinkles(responsive, colors);
export type Sprinkles = Parameters<typeof sprinkles>[0];
