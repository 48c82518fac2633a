import { globalStyle } from "@vanilla-extract/css";
import { vars } from "./vars.css";

/** A small reset plus base typography. */
globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html, body", { margin: 0, padding: 0 });
globalStyle("body", {
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  background: vars.color.background,
  WebkitFontSmoothing: "antialiased",
});
globalStyle("h1, h2, h3, h4, h5, h6, p", { margin: 0 });
globalStyle("button, input, select, textarea", { font: "inherit", color: "inherit" });
globalStyle("img, svg, video", { display: "block", maxWidth: "100%" });
globalStyle("a", { color: vars.color.primary });
globalStyle(":focus-visible", { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.sm });
