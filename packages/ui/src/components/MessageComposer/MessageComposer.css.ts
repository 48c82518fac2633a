import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const root = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2"],
  padding: vars.space["3"],
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const inputRow = style({ display: "flex", alignItems: "flex-end", gap: vars.space["2"] });

export const textarea = style({
  flex: "1 1 auto",
  minWidth: 0,
  minHeight: "40px",
  maxHeight: "160px",
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  resize: "vertical",
  selectors: {
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderColor: vars.color.focus },
    "&::placeholder": { color: vars.color.textMuted },
  },
});

export const tools = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space["2"] });

export const files = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["2"],
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const file = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["1"],
  maxWidth: "100%",
  padding: `2px 2px 2px ${vars.space["3"]}`,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  fontSize: vars.fontSize.sm,
});

export const fileName = style({
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  maxWidth: "220px",
});
export const fileSize = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs });

export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const notice = style({
  margin: 0,
  padding: `${vars.space["3"]} ${vars.space["4"]}`,
  borderRadius: vars.radius.md,
  background: vars.color.warningSoft,
  color: vars.color.warning,
  fontSize: vars.fontSize.sm,
  textAlign: "center",
});
