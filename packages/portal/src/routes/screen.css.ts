import { mediaDown, mediaUp, vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

/**
 * Styles of the list and detail screens built on the keyset lists (the operator's console, and the company's
 * sender IDs, audit log and top-up requests). The page itself and its heading are PageLayout and PageHeader.
 */

/** A line of a card: a note at the start, buttons at the end; they wrap on phones. */
export const headerRow = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space["3"],
});

/** The filters above a list: a wide search, then narrower choices; they wrap on phones. */
export const filters = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space["3"],
});
export const filterWide = style({ flex: "1 1 260px", minWidth: 0 });
export const filterNarrow = style({ flex: "0 1 220px", minWidth: "min(100%, 180px)" });

/** Cards of figures (overview, company summary). */
export const cards = style({
  display: "grid",
  gap: vars.space["3"],
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 200px), 1fr))",
});

export const stack = style({ display: "grid", gap: vars.space["4"], minWidth: 0 });

/** Two columns of cards from 992 px. */
export const columns = style({
  display: "grid",
  gap: vars.space["4"],
  alignItems: "start",
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { [mediaUp("lg")]: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)" } },
});

/** A name with a second, quieter line under it (an owner's e-mail, a requester). */
export const cellStack = style({ display: "grid", gap: "2px", minWidth: 0 });
export const cellMain = style({ color: vars.color.text, overflowWrap: "break-word" });
/**
 * Shown only where a table hides its `priority: "sm"` columns (below the sm breakpoint): a hidden column's key
 * figure kept in view inside another cell.
 */
export const narrowOnly = style({ "@media": { [mediaUp("sm")]: { display: "none" } } });

/** Text that may break anywhere (an e-mail address in a narrow column) rather than widen its table. */
export const breakAnywhere = style({ overflowWrap: "anywhere" });
export const cellSub = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: "anywhere",
});

/** Figures, dates and numbers: one line, digits aligned. */
export const figure = style({ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" });

/** A sender ID or a phone number, as typed. */
export const code = style({
  fontWeight: vars.fontWeight.bold,
  whiteSpace: "nowrap",
  fontVariantNumeric: "tabular-nums",
  letterSpacing: "0.02em",
});

export const link = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: "break-word",
  selectors: {
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.sm },
  },
});

/** The buttons of a row (Grant, Decline): side by side, never wrapping a label. */
export const rowButtons = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
  justifyContent: "flex-end",
});

export const muted = style({ margin: 0, color: vars.color.textMuted });
export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** A notice across the page (a suspended company). */
export const banner = style({
  display: "grid",
  gap: vars.space["1"],
  padding: vars.space["4"],
  borderRadius: vars.radius.md,
  border: `1px solid color-mix(in srgb, ${vars.color.danger} 35%, transparent)`,
  background: vars.color.dangerSoft,
  color: vars.color.text,
});
export const bannerTitle = style({ margin: 0, fontWeight: vars.fontWeight.bold });

/** A labelled group of toggle buttons (the queue's views). */
export const segmented = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"] });

/** Label beside value; on phones each label sits above its value. */
export const details = style({
  display: "grid",
  gridTemplateColumns: "minmax(120px, max-content) minmax(0, 1fr)",
  gap: `${vars.space["2"]} ${vars.space["6"]}`,
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

export const form = style({ display: "grid", gap: vars.space["4"], minWidth: 0 });
export const formRow = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space["3"],
});
export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["3"],
  justifyContent: "flex-end",
});

/** The big figure of a card (a company's balance). */
export const bigFigure = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: "tabular-nums",
  color: vars.color.text,
});

/** The before → after line of a credit confirmation. */
export const beforeAfter = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: vars.space["2"],
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontVariantNumeric: "tabular-nums",
});

/** Prices: one row per channel (channel, default, this company's price, use default). */
export const priceList = style({
  display: "grid",
  gap: vars.space["3"],
  margin: 0,
  padding: 0,
  listStyle: "none",
});
export const priceRow = style({
  display: "grid",
  alignItems: "center",
  gap: vars.space["2"],
  gridTemplateColumns: "minmax(0, 1fr)",
  paddingBottom: vars.space["3"],
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": {
    [mediaUp("sm")]: {
      gridTemplateColumns: "minmax(120px, 1fr) minmax(110px, auto) minmax(140px, 180px) auto",
    },
  },
});
export const priceChannel = style({ display: "grid", gap: "2px" });

/** Owners of a number in its dialog: company, keyword, remove. */
export const ownerList = style({
  display: "grid",
  gap: vars.space["3"],
  margin: 0,
  padding: 0,
  listStyle: "none",
});
export const ownerRow = style({
  display: "grid",
  gap: vars.space["2"],
  alignItems: "end",
  gridTemplateColumns: "minmax(0, 1fr) auto",
});

export const center = style({ display: "grid", placeItems: "center", padding: vars.space["8"] });

/** The heading of a group of cards on a page. */
export const sectionTitle = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  textTransform: "uppercase",
  letterSpacing: "0.05em",
});

/** Read by screen readers, not shown. */
export const srOnly = style({
  position: "absolute",
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0, 0, 0, 0)",
  whiteSpace: "nowrap",
  border: 0,
});
