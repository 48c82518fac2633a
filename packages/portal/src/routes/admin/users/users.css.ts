import { mediaDown, mediaUp, vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

/** The Total Users Allowed and Number of Users boxes. */
export const stats = style({
  display: "grid",
  gap: vars.space["3"],
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 140px), 1fr))",
});

/** Form beside its info panels on wide screens, above them on narrow ones. */
export const columns = style({
  display: "grid",
  gap: vars.space["4"],
  alignItems: "start",
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { [mediaUp("lg")]: { gridTemplateColumns: "minmax(0, 2fr) minmax(0, 1fr)" } },
});
export const stack = style({ display: "grid", gap: vars.space["4"], minWidth: 0 });

export const form = style({ display: "grid", gap: vars.space["4"], minWidth: 0 });
export const row = style({
  display: "grid",
  gap: vars.space["4"],
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 220px), 1fr))",
});
export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["3"],
  justifyContent: "flex-end",
});

/** The cell of the Users column: name link, then its badges. */
export const userCell = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
  minWidth: 0,
});
export const link = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: "anywhere",
  selectors: {
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.sm },
  },
});
/** Table text that reads badly broken over two lines (a phone number). */
export const nowrap = style({ whiteSpace: "nowrap" });
export const badges = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"] });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The table's toolbar: the "Show own department" box and the selection's Actions menu. */
export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["3"],
});

export const menuWrap = style({ position: "relative", display: "inline-block" });
export const menu = style({
  position: "absolute",
  insetInlineStart: 0,
  top: "calc(100% + 4px)",
  zIndex: vars.zIndex.dropdown,
  display: "grid",
  minWidth: 160,
  margin: 0,
  padding: vars.space["1"],
  listStyle: "none",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
});
export const menuItem = style({
  display: "block",
  width: "100%",
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  textAlign: "start",
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing },
  },
});

/** Label beside value; on phones each label sits above its value. */
export const details = style({
  display: "grid",
  gridTemplateColumns: "minmax(140px, max-content) minmax(0, 1fr)",
  gap: `${vars.space["3"]} ${vars.space["6"]}`,
  margin: 0,
  "@media": { [mediaDown("sm")]: { gridTemplateColumns: "minmax(0, 1fr)", gap: 0 } },
});
export const pair = style({ display: "contents" });
export const term = style({
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  "@media": { [mediaDown("sm")]: { fontSize: vars.fontSize.sm } },
});
export const value = style({
  margin: 0,
  minWidth: 0,
  color: vars.color.text,
  overflowWrap: "anywhere",
  "@media": { [mediaDown("sm")]: { marginBottom: vars.space["3"] } },
});

export const infoList = style({
  display: "grid",
  gap: vars.space["3"],
  margin: 0,
  padding: 0,
  listStyle: "none",
});
export const infoTerm = style({ margin: 0, color: vars.color.text, fontWeight: vars.fontWeight.bold });
export const infoText = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const balance = style({ margin: 0, color: vars.color.text, fontWeight: vars.fontWeight.medium });

export const tabLinks = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["1"],
  margin: 0,
  padding: 0,
  listStyle: "none",
  borderBottom: `1px solid ${vars.color.border}`,
});
export const tabLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: 40,
  padding: `${vars.space["2"]} ${vars.space["4"]}`,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  borderBottom: "2px solid transparent",
  marginBottom: -1,
  selectors: {
    "&:hover": { color: vars.color.text },
    "&[aria-current='page']": { color: vars.color.primary, borderBottomColor: vars.color.primary },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.sm },
  },
});

/** The link styles of the other pages (a link that looks like a button). */
export { primaryLink, secondaryLink } from "../../pages.css";

export const center = style({ display: "grid", placeItems: "center", padding: vars.space["8"] });
