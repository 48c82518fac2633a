import { style } from "@vanilla-extract/css";
import { mediaUp } from "../../theme/tokens";
import { vars } from "../../theme/vars.css";

export const root = style({ display: "flex", flexDirection: "column", gap: vars.space["4"] });

export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space["4"],
  alignItems: "start",
  "@media": { [mediaUp("lg")]: { gridTemplateColumns: "minmax(0, 1fr) 300px" } },
});

export const panel = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["4"],
  padding: vars.space["5"],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const stepHeading = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  selectors: { "&:focus": { outline: "none" }, "&:focus-visible": { boxShadow: vars.focusRing } },
});

export const help = style({
  padding: vars.space["4"],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  fontSize: vars.fontSize.sm,
});

export const helpTitle = style({
  marginBottom: vars.space["2"],
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});

export const blocked = style({
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});

export const actions = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space["2"],
  paddingTop: vars.space["3"],
  borderTop: `1px solid ${vars.color.border}`,
});
