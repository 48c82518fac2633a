import { vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

export const step = style({ display: "grid", gap: vars.space["5"], minWidth: 0 });

export const row = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 240px), 1fr))",
  gap: vars.space["4"],
  alignItems: "start",
});

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const warning = style({
  margin: 0,
  padding: vars.space["3"],
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

export const danger = style({
  margin: 0,
  padding: vars.space["3"],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

export const group = style({
  display: "grid",
  gap: vars.space["3"],
  padding: vars.space["4"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
  margin: 0,
});

export const legend = style({
  padding: `0 ${vars.space["1"]}`,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
});

export const chips = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2"], alignItems: "center" });

export const samples = style({
  display: "grid",
  gap: vars.space["2"],
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const sample = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

export const sampleName = style({ minWidth: 180, flex: "1 1 180px" });

export const counter = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space["1"]} ${vars.space["4"]}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  fontVariantNumeric: "tabular-nums",
});

export const counterItem = style({ display: "flex", gap: vars.space["1"] });
export const counterTerm = style({ color: vars.color.textMuted });
export const counterValue = style({ margin: 0, fontWeight: vars.fontWeight.bold });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["3"],
  justifyContent: "flex-end",
  alignItems: "center",
});

export const helpList = style({
  margin: 0,
  paddingInlineStart: vars.space["5"],
  display: "grid",
  gap: vars.space["2"],
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

/** Summary facts of the preview. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 130px), 1fr))",
  gap: vars.space["3"],
  margin: 0,
});
export const fact = style({
  display: "grid",
  gap: vars.space["1"],
  padding: vars.space["3"],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  minWidth: 0,
});
export const factTerm = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const factValue = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
  // Words break only when one alone is wider than its box ("Asia/Singapore" stays whole).
  overflowWrap: "break-word",
  fontVariantNumeric: "tabular-nums",
});

export const messageText = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere" });
export const number = style({ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });

/** The variable buttons: a fieldset without its frame. */
export const variables = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["2"],
  alignItems: "center",
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
});

/** Step 3: the template select with its Save and Delete actions under it. */
export const templates = style({ display: "grid", gap: vars.space["2"], minWidth: 0 });

export const templateActions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["2"],
  alignItems: "center",
});

export const calloutList = style({ margin: 0, paddingInlineStart: vars.space["5"] });

/** The message as written in the Unicode warning, its characters outside GSM-7 marked. */
export const unicodeText = style({
  margin: 0,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  fontSize: vars.fontSize.sm,
});

export const unicodeMark = style({
  background: vars.color.warningSoft,
  color: "inherit",
  outline: `2px solid ${vars.color.warning}`,
  borderRadius: vars.radius.sm,
  paddingInline: "1px",
});
