import { style } from "@vanilla-extract/css";
import { darkThemeClass } from "../../theme/themes.css";
import { vars } from "../../theme/vars.css";

export const input = style({
  fontVariantNumeric: "tabular-nums",
  colorScheme: "light",
  selectors: {
    // The browser draws the calendar icon and popup: match them to the theme.
    [`${darkThemeClass} &`]: { colorScheme: "dark" },
    "&::-webkit-calendar-picker-indicator": { cursor: "pointer", borderRadius: vars.radius.sm },
    "&::-webkit-calendar-picker-indicator:hover": { background: vars.color.surfaceHover },
  },
});
