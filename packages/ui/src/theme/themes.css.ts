import { createGlobalTheme, createTheme } from "@vanilla-extract/css";
import { fontSize, palette as p, space } from "./tokens";
import { vars } from "./vars.css";

const shared = {
  space,
  radius: { sm: "4px", md: "6px", lg: "10px", full: "9999px" },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSize,
  fontWeight: { regular: "400", medium: "500", bold: "650" },
  lineHeight: { tight: "1.25", normal: "1.5" },
  // Menus and pickers open above dialogs (a Select inside a dialog), below toasts.
  zIndex: { dropdown: "75", sidebar: "40", header: "30", overlay: "60", modal: "70", toast: "80" },
  transition: "120ms ease",
};

/** Light theme, also applied to :root so unthemed pages are styled. Colours meet WCAG AA on their surfaces. */
const light = {
  ...shared,
  color: {
    primary: p.blue600,
    primaryHover: p.blue700,
    primarySoft: p.blue50,
    onPrimary: p.gray0,
    success: p.green700,
    successSoft: p.green50,
    danger: p.red600,
    dangerSoft: p.red50,
    warning: p.amber700,
    warningSoft: p.amber50,
    info: p.cyan700,
    infoSoft: p.cyan50,
    secondary: p.gray600,
    secondarySoft: p.gray100,
    onTone: p.gray0,
    text: p.gray900,
    textMuted: p.gray600,
    background: p.gray50,
    surface: p.gray0,
    surfaceAlt: p.gray50,
    surfaceHover: p.gray100,
    border: p.gray200,
    // input and control outlines: 3:1 against the surface (WCAG 1.4.11)
    borderStrong: "#8a919c",
    focus: p.blue600,
    overlay: "rgba(13, 15, 18, 0.55)",
    sidebar: p.gray850,
    sidebarText: p.gray100,
    sidebarActive: p.blue500,
  },
  shadow: {
    sm: "0 1px 2px rgba(20, 22, 26, 0.08)",
    md: "0 4px 12px rgba(20, 22, 26, 0.12)",
    lg: "0 12px 32px rgba(20, 22, 26, 0.18)",
  },
  focusRing: `0 0 0 2px ${p.gray0}, 0 0 0 4px ${p.blue600}`,
};

export const lightTheme = createGlobalTheme(":root", vars, light);
export const lightThemeClass = createTheme(vars, light);

export const darkThemeClass = createTheme(vars, {
  ...shared,
  color: {
    primary: "#6d9bff",
    primaryHover: "#8fb3ff",
    primarySoft: "#18254a",
    onPrimary: p.gray950,
    success: "#5fd39a",
    successSoft: "#11301f",
    danger: "#ff8a80",
    dangerSoft: "#3a1616",
    warning: "#ffc15e",
    warningSoft: "#36280c",
    info: "#6fd3ec",
    infoSoft: "#0e2e36",
    secondary: "#b4bac4",
    secondarySoft: "#2a2e35",
    onTone: p.gray950,
    text: "#eef0f3",
    textMuted: "#b4bac4",
    background: p.gray950,
    surface: p.gray900,
    surfaceAlt: p.gray850,
    surfaceHover: p.gray800,
    border: p.gray700,
    borderStrong: "#7d8591",
    focus: "#8fb3ff",
    overlay: "rgba(0, 0, 0, 0.65)",
    sidebar: "#0a0c0f",
    sidebarText: "#eef0f3",
    sidebarActive: "#6d9bff",
  },
  shadow: {
    sm: "0 1px 2px rgba(0, 0, 0, 0.5)",
    md: "0 4px 12px rgba(0, 0, 0, 0.5)",
    lg: "0 12px 32px rgba(0, 0, 0, 0.6)",
  },
  focusRing: `0 0 0 2px ${p.gray950}, 0 0 0 4px #8fb3ff`,
});
