import { mediaDown, vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

/** The contact and group screens: breadcrumb, then one card. */
export const page = style({
  display: "grid",
  gap: vars.space["4"],
  padding: vars.space["6"],
  minWidth: 0,
  // The shell's main area already pads the page on phones.
  "@media": { [mediaDown("sm")]: { padding: 0 } },
});

export const narrow = style({ maxWidth: 720 });

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

/** The problem rows listed in an issues dialog. */
export const issues = style({
  display: "grid",
  gap: vars.space["3"],
  maxHeight: 320,
  overflow: "auto",
});
export const issueTable = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: vars.fontSize.sm,
  textAlign: "start",
});
export const issueCell = style({
  padding: `${vars.space["1"]} ${vars.space["2"]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "start",
  overflowWrap: "anywhere",
  color: vars.color.text,
});

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

/** Row, number and name stay on one line; the reason wraps. */
export const issueCellTight = style([issueCell, { whiteSpace: "nowrap", overflowWrap: "normal" }]);
