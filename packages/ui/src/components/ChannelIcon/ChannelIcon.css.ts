import { createVar, style } from "@vanilla-extract/css";

/** The channel's brand colour (data, not a theme token: set per icon from the channel table). */
export const brand = createVar();
export const size = createVar();

export const icon = style({
  display: "inline-block",
  flex: "none",
  width: size,
  height: size,
  verticalAlign: "middle",
});

export const tile = style({ fill: brand });
