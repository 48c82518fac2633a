import { style } from "@vanilla-extract/css";
import { mediaDown, mediaUp } from "../../theme/tokens";
import { vars } from "../../theme/vars.css";

export const shell = style({
  display: "flex",
  flexDirection: "column",
  minHeight: "100vh",
  background: vars.color.background,
  color: vars.color.text,
});

export const skipLink = style({
  position: "fixed",
  top: vars.space["2"],
  left: vars.space["2"],
  zIndex: vars.zIndex.toast,
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  transform: "translateY(-200%)",
  selectors: { "&:focus": { transform: "none" } },
});

/** Brand and account on one row, the sections under it; a strip of the primary colour marks the console. */
export const header = style({
  position: "sticky",
  top: 0,
  zIndex: vars.zIndex.header,
  background: vars.color.surface,
  borderTop: `3px solid ${vars.color.primary}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const bar = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["3"],
  minHeight: "52px",
  padding: `0 ${vars.space["4"]}`,
  "@media": { [mediaDown("sm")]: { padding: `0 ${vars.space["3"]}`, gap: vars.space["2"] } },
});

export const brand = style({
  display: "flex",
  alignItems: "baseline",
  gap: vars.space["2"],
  minWidth: 0,
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
  "@media": { [mediaDown("sm")]: { fontSize: vars.fontSize.md } },
});

export const actions = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["2"],
  marginLeft: "auto",
  flex: "none",
});

/**
 * One row of section links; on a narrow window the row scrolls sideways rather than wrapping. Positioned, so
 * that the visually hidden text of links scrolled out of view stays inside the row instead of widening the page.
 */
export const nav = style({
  position: "relative",
  overflowX: "auto",
  scrollbarWidth: "thin",
  padding: `0 ${vars.space["2"]}`,
  "@media": { [mediaUp("md")]: { padding: `0 ${vars.space["3"]}` } },
});

export const navList = style({
  display: "flex",
  gap: vars.space["1"],
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const navLink = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["2"],
  minHeight: "40px",
  padding: `0 ${vars.space["3"]}`,
  borderBottom: "3px solid transparent",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: {
    "&:hover": { color: vars.color.text, background: vars.color.surfaceHover },
    '&[aria-current="page"]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    "&:focus-visible": {
      outline: "none",
      boxShadow: `inset ${vars.focusRing}`,
      borderRadius: vars.radius.sm,
    },
  },
});

export const count = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: "20px",
  height: "20px",
  padding: `0 ${vars.space["1"]}`,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: "tabular-nums",
});

export const main = style({
  flex: 1,
  width: "100%",
  maxWidth: "1440px",
  margin: "0 auto",
  padding: vars.space["4"],
  outline: "none",
  minWidth: 0,
  "@media": { [mediaUp("md")]: { padding: vars.space["6"] } },
});
