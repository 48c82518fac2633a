import { globalStyle, style } from "@vanilla-extract/css";
import { mediaDown, mediaUp } from "../../theme/tokens";
import { vars } from "../../theme/vars.css";

export const SIDEBAR_WIDTH = "256px";
const HEADER_HEIGHT = "60px";

/**
 * From 992 px the shell paints the sidebar's colour down its left edge for the whole length of the page, under
 * the fixed sidebar: however long the page, wherever it is scrolled, and in captures of the whole page, the
 * dark column reaches the bottom.
 */
export const shell = style({
  minHeight: "100vh",
  background: vars.color.background,
  color: vars.color.text,
  "@media": {
    [mediaUp("lg")]: {
      backgroundImage: `linear-gradient(to right, ${vars.color.sidebar} ${SIDEBAR_WIDTH}, transparent ${SIDEBAR_WIDTH})`,
    },
  },
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

/** The fixed sidebar: shown from 992 px; below that the same navigation lives in the drawer. */
export const sidebar = style({
  position: "fixed",
  top: 0,
  bottom: 0,
  left: 0,
  zIndex: vars.zIndex.sidebar,
  display: "flex",
  flexDirection: "column",
  width: SIDEBAR_WIDTH,
  background: vars.color.sidebar,
  color: vars.color.sidebarText,
  "@media": { [mediaDown("lg")]: { display: "none" } },
});

export const drawer = style({
  position: "fixed",
  top: 0,
  bottom: 0,
  left: 0,
  zIndex: vars.zIndex.modal,
  display: "flex",
  flexDirection: "column",
  width: `min(${SIDEBAR_WIDTH}, 85vw)`,
  background: vars.color.sidebar,
  color: vars.color.sidebarText,
  boxShadow: vars.shadow.lg,
  selectors: { "&:focus": { outline: "none" } },
});

export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: vars.zIndex.modal,
  background: vars.color.overlay,
});

export const brand = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space["2"],
  minHeight: HEADER_HEIGHT,
  padding: `0 ${vars.space["4"]}`,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  borderBottom: `1px solid color-mix(in srgb, ${vars.color.sidebarText} 14%, transparent)`,
});

export const nav = style({ flex: 1, overflowY: "auto", padding: `${vars.space["3"]} ${vars.space["2"]}` });

export const section = style({ selectors: { "& + &": { marginTop: vars.space["4"] } } });

export const sectionTitle = style({
  margin: 0,
  padding: `${vars.space["1"]} ${vars.space["3"]}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  textTransform: "uppercase",
  letterSpacing: "0.06em",
  color: `color-mix(in srgb, ${vars.color.sidebarText} 72%, ${vars.color.sidebar})`,
});

export const list = style({ margin: 0, padding: 0, listStyle: "none" });

export const subList = style({ margin: 0, padding: `0 0 0 ${vars.space["6"]}`, listStyle: "none" });

const navRow = {
  display: "flex",
  alignItems: "center",
  gap: vars.space["2"],
  width: "100%",
  minHeight: "36px",
  padding: `${vars.space["1"]} ${vars.space["3"]}`,
  border: "none",
  borderLeft: "3px solid transparent",
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.sidebarText,
  fontSize: vars.fontSize.md,
  textAlign: "left",
  textDecoration: "none",
  cursor: "pointer",
} as const;

export const link = style({
  ...navRow,
  selectors: {
    "&:hover": { background: `color-mix(in srgb, ${vars.color.sidebarText} 10%, transparent)` },
    '&[aria-current="page"]': {
      borderLeftColor: vars.color.sidebarActive,
      background: `color-mix(in srgb, ${vars.color.sidebarText} 14%, transparent)`,
      fontWeight: vars.fontWeight.medium,
    },
  },
});

export const groupButton = style({
  ...navRow,
  selectors: { "&:hover": { background: `color-mix(in srgb, ${vars.color.sidebarText} 10%, transparent)` } },
});

export const groupChevron = style({
  marginLeft: "auto",
  transition: `transform ${vars.transition}`,
  selectors: { '[aria-expanded="true"] > &': { transform: "rotate(180deg)" } },
});

export const navIcon = style({
  display: "inline-flex",
  flex: "none",
  width: "18px",
  justifyContent: "center",
});

globalStyle(`${sidebar} :focus-visible, ${drawer} :focus-visible`, {
  outline: "none",
  boxShadow: `0 0 0 2px ${vars.color.sidebar}, 0 0 0 4px ${vars.color.sidebarText}`,
});

/** Everything right of the sidebar. */
export const column = style({
  display: "flex",
  flexDirection: "column",
  minHeight: "100vh",
  "@media": { [mediaUp("lg")]: { marginLeft: SIDEBAR_WIDTH } },
});

/**
 * One row at every width: the header is a size container, so what it holds (e.g. CreditSummary) can fold
 * into compact forms by the room the header has rather than by the window's width.
 */
export const header = style({
  position: "sticky",
  top: 0,
  zIndex: vars.zIndex.header,
  display: "flex",
  alignItems: "center",
  gap: vars.space["3"],
  height: HEADER_HEIGHT,
  padding: `0 ${vars.space["4"]}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  containerType: "inline-size",
  "@media": { [mediaDown("sm")]: { gap: vars.space["2"], padding: `0 ${vars.space["3"]}` } },
});

export const headerBrand = style({
  fontWeight: vars.fontWeight.bold,
  "@media": { [mediaUp("lg")]: { display: "none" }, [mediaDown("sm")]: { display: "none" } },
});

export const headerSlot = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "flex-end",
  flexWrap: "nowrap",
  gap: vars.space["3"],
  marginLeft: "auto",
  minWidth: 0,
  "@media": { [mediaDown("sm")]: { gap: vars.space["2"] } },
});

export const menuButton = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flex: "none",
  width: "40px",
  height: "40px",
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing },
  },
  "@media": { [mediaUp("lg")]: { display: "none" } },
});

export const drawerClose = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "32px",
  height: "32px",
  padding: 0,
  border: "none",
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.sidebarText,
  cursor: "pointer",
});

export const main = style({
  flex: 1,
  padding: vars.space["4"],
  outline: "none",
  "@media": { [mediaUp("md")]: { padding: vars.space["6"] } },
});

export const footer = style({
  padding: `${vars.space["3"]} ${vars.space["4"]}`,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  background: vars.color.surface,
});
