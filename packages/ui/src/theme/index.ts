import "./global.css";

export { type Sprinkles, sprinkles } from "./sprinkles.css";
export { darkThemeClass, lightTheme, lightThemeClass } from "./themes.css";
export { type Breakpoint, breakpoints, mediaDown, mediaUp } from "./tokens";
export { vars } from "./vars.css";
