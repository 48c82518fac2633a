import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../theme/vars.css";

export const row = recipe({
  base: { display: "flex", width: "100%", padding: `${vars.space["1"]} 0` },
  variants: {
    direction: {
      inbox: { justifyContent: "flex-start" },
      outbox: { justifyContent: "flex-end" },
    },
  },
});

export const bubble = recipe({
  base: {
    display: "flex",
    flexDirection: "column",
    gap: vars.space["2"],
    maxWidth: "min(75%, 520px)",
    padding: `${vars.space["2"]} ${vars.space["3"]}`,
    borderRadius: vars.radius.lg,
    border: `1px solid ${vars.color.border}`,
    color: vars.color.text,
    boxShadow: vars.shadow.sm,
  },
  variants: {
    direction: {
      inbox: { background: vars.color.surface, borderEndStartRadius: vars.radius.sm },
      outbox: { background: vars.color.primarySoft, borderEndEndRadius: vars.radius.sm },
    },
  },
});

export const sender = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
});

export const text = style({
  margin: 0,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  wordBreak: "break-word",
});

export const media = style({
  display: "block",
  maxWidth: "100%",
  maxHeight: "320px",
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});

export const audio = style({ display: "block", width: "100%", minWidth: "220px" });

export const file = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["2"],
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.primary,
  textDecoration: "none",
  overflowWrap: "anywhere",
  selectors: { "&:hover": { textDecoration: "underline" } },
});

export const fileMeta = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const template = style({ display: "flex", flexDirection: "column", gap: vars.space["1"] });
export const templateHeader = style({ fontWeight: vars.fontWeight.bold, margin: 0, whiteSpace: "pre-wrap" });
export const templateFooter = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  whiteSpace: "pre-wrap",
});

export const chips = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["1"],
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const chip = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space["1"],
  padding: `${vars.space["1"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.primary,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const meta = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "flex-end",
  gap: vars.space["1"],
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const delivery = recipe({
  base: { width: "16px", height: "16px", flex: "none" },
  variants: {
    status: {
      pending: { color: vars.color.textMuted },
      failed: { color: vars.color.danger },
      sent: { color: vars.color.textMuted },
      read: { color: vars.color.primary },
    },
  },
});

export const remark = style({
  margin: 0,
  padding: `${vars.space["1"]} ${vars.space["2"]}`,
  borderRadius: vars.radius.sm,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
});

/** A received message's note (e.g. a file that could not be downloaded): information, not an error. */
export const note = style({
  margin: 0,
  padding: `${vars.space["1"]} ${vars.space["2"]}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontStyle: "italic",
});
