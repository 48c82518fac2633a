import { vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space["3"],
});

export const filter = style({ minWidth: 180 });

export const form = style({ display: "grid", gap: vars.space["5"] });

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["3"],
  justifyContent: "flex-end",
});

export const number = style({ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });

/** Facts about an uploaded file: name, numbers found, size. */
export const fileInfo = style({
  display: "grid",
  gridTemplateColumns: "max-content minmax(0, 1fr)",
  gap: `${vars.space["1"]} ${vars.space["4"]}`,
  margin: 0,
  padding: vars.space["3"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const fileInfoTerm = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });
export const fileInfoValue = style({
  margin: 0,
  minWidth: 0,
  overflowWrap: "anywhere",
  color: vars.color.text,
});

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const sample = style({
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  textDecoration: "underline",
  justifySelf: "start",
  selectors: {
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.sm },
  },
});
