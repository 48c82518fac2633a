import { mediaUp, vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

/** Layout of the signed-in home and of screens not built yet. */
export const page = style({
  display: "grid",
  gap: vars.space["4"],
  maxWidth: 960,
  padding: vars.space["4"],
  "@media": { [mediaUp("md")]: { padding: vars.space["6"] } },
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space["3"],
});

const linkBase = {
  display: "inline-flex",
  alignItems: "center",
  minHeight: 40,
  padding: `${vars.space["2"]} ${vars.space["4"]}`,
  borderRadius: vars.radius.md,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
} as const;

/** A link that looks like the main button. */
export const primaryLink = style({
  ...linkBase,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  selectors: {
    "&:hover": { background: vars.color.primaryHover },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing },
  },
});

/** A link that looks like an outline button. */
export const secondaryLink = style({
  ...linkBase,
  border: `1px solid ${vars.color.borderStrong}`,
  color: vars.color.text,
  background: vars.color.surface,
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing },
  },
});

export const greeting = style({
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  "@media": { [mediaUp("md")]: { fontSize: vars.fontSize.xxl } },
});

export const lead = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.lg });

export const steps = style({
  display: "grid",
  gap: vars.space["3"],
  margin: 0,
  padding: 0,
  listStyle: "none",
  gridTemplateColumns: "1fr",
  "@media": { [mediaUp("md")]: { gridTemplateColumns: "1fr 1fr" } },
});

export const step = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  alignItems: "start",
  gap: vars.space["3"],
  padding: vars.space["4"],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const stepNumber = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: 32,
  height: 32,
  borderRadius: vars.radius.full,
  background: vars.color.primarySoft,
  color: vars.color.primary,
  fontWeight: vars.fontWeight.bold,
});

export const stepDone = style({ background: vars.color.successSoft, color: vars.color.success });

export const stepBody = style({ display: "grid", gap: vars.space["2"], minWidth: 0 });

export const stepTitle = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const stepText = style({ margin: 0, color: vars.color.textMuted });

export const stepLink = style({
  justifySelf: "start",
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  selectors: {
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.sm },
  },
});
