import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const list = style({
  display: "flex",
  flexDirection: "column",
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const item = style({
  display: "grid",
  gridTemplateColumns: "10px 1fr",
  gap: vars.space["3"],
  padding: `${vars.space["3"]} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: "none" } },
});

export const dot = style({
  width: "8px",
  height: "8px",
  marginTop: "7px",
  borderRadius: vars.radius.full,
  background: "transparent",
  selectors: { '[data-status="unread"] > &': { background: vars.color.primary } },
});

export const message = style({
  color: vars.color.text,
  overflowWrap: "anywhere",
  selectors: { '[data-status="unread"] &': { fontWeight: vars.fontWeight.medium } },
});

export const meta = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["3"],
  marginTop: vars.space["1"],
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const link = style({ fontWeight: vars.fontWeight.medium, borderRadius: vars.radius.sm });
