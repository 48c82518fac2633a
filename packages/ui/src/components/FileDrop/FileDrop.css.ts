import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const zone = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space["2"],
  padding: `${vars.space["6"]} ${vars.space["4"]}`,
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.textMuted,
  textAlign: "center",
  fontSize: vars.fontSize.sm,
  transition: `border-color ${vars.transition}, background-color ${vars.transition}`,
  selectors: {
    "&[data-dragging]": { borderColor: vars.color.primary, background: vars.color.primarySoft },
    "&[data-invalid]": { borderColor: vars.color.danger },
    "&[data-disabled]": { background: vars.color.surfaceAlt, cursor: "not-allowed" },
  },
});

export const zoneIcon = style({ width: "32px", height: "32px", color: vars.color.secondary });

export const prompt = style({ color: vars.color.text, fontSize: vars.fontSize.md });

export const file = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr auto",
  alignItems: "center",
  gap: `${vars.space["1"]} ${vars.space["3"]}`,
  padding: vars.space["3"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const fileIcon = style({
  width: "24px",
  height: "24px",
  color: vars.color.primary,
  gridRow: "span 2",
});

export const fileName = style({
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const fileMeta = style({
  gridColumn: "2",
  display: "flex",
  alignItems: "center",
  gap: vars.space["2"],
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const remove = style({ gridColumn: "3", gridRow: "1 / span 2" });

export const progress = style({ flex: 1 });

export const progressText = style({
  fontVariantNumeric: "tabular-nums",
  minWidth: "3.5em",
  textAlign: "right",
});
