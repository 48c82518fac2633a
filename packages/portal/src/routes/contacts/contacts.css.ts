import { mediaDown, vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
});

export const form = style({ display: "grid", gap: vars.space["5"] });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["3"],
  justifyContent: "flex-end",
});

export const number = style({ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** Read-only facts: name, number, e-mail, groups, attributes. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content minmax(0, 1fr)",
  gap: `${vars.space["2"]} ${vars.space["5"]}`,
  margin: 0,
  "@media": { [mediaDown("sm")]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});
export const factTerm = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });
export const factValue = style({
  margin: 0,
  minWidth: 0,
  overflowWrap: "anywhere",
  color: vars.color.text,
  "@media": { [mediaDown("sm")]: { marginBottom: vars.space["2"] } },
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const chips = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"] });

/**
 * The problem rows listed in an issues dialog: Row, Value (the number as written, the name under it) and Reason.
 * Words wrap only between words (a long value breaks only when it cannot fit), so no column shrinks to a letter;
 * on phones each problem is two lines: row and value, then the reason across the whole width.
 */
export const issues = style({
  display: "grid",
  gap: vars.space["3"],
  width: "100%",
  maxHeight: 360,
  overflow: "auto",
  textAlign: "start",
  overflowWrap: "normal",
});
export const issueSummary = style({ margin: 0, color: vars.color.text, fontSize: vars.fontSize.sm });
/** The import report under its title: the counts, then the problem rows. */
export const issueReport = style({
  display: "grid",
  gap: vars.space["3"],
  width: "100%",
  textAlign: "start",
  overflowWrap: "normal",
});
export const issueTable = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: vars.fontSize.sm,
  textAlign: "start",
});
export const issueHead = style({
  "@media": {
    [mediaDown("sm")]: {
      position: "absolute",
      width: 1,
      height: 1,
      overflow: "hidden",
      clipPath: "inset(50%)",
      whiteSpace: "nowrap",
    },
  },
});
export const issueLine = style({
  "@media": {
    [mediaDown("sm")]: {
      display: "grid",
      gridTemplateColumns: "auto minmax(0, 1fr)",
      columnGap: vars.space["3"],
      padding: `${vars.space["2"]} 0`,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});
export const issueCell = style({
  padding: `${vars.space["2"]} ${vars.space["2"]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "start",
  verticalAlign: "top",
  overflowWrap: "break-word",
  color: vars.color.text,
  "@media": { [mediaDown("sm")]: { padding: 0, border: "none" } },
});
/** The reason: the widest column; on phones the whole second line of its problem. */
export const issueReason = style([
  issueCell,
  { minWidth: "14em", "@media": { [mediaDown("sm")]: { gridColumn: "1 / -1", minWidth: 0 } } },
]);
export const issueRowNumber = style([
  issueCell,
  { whiteSpace: "nowrap", width: "1%", fontVariantNumeric: "tabular-nums", color: vars.color.textMuted },
]);
export const issueValue = style([issueCell, { maxWidth: "16em" }]);
export const issueMobile = style({
  display: "block",
  whiteSpace: "nowrap",
  fontVariantNumeric: "tabular-nums",
});
export const issueName = style({ display: "block", color: vars.color.textMuted });
export const phoneOnly = style({ display: "none", "@media": { [mediaDown("sm")]: { display: "inline" } } });

export const progress = style({
  display: "grid",
  gap: vars.space["3"],
  padding: vars.space["4"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});

export const linkButton = style({
  justifySelf: "start",
});
