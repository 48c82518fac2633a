import { mediaUp, vars } from "@herald/ui/theme";
import { style } from "@vanilla-extract/css";

/** The sign-in pages: full-height background with the form card centred (full width on phones). */
export const page = style({
  minHeight: "100vh",
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "center",
  padding: `${vars.space["6"]} ${vars.space["3"]}`,
  background: vars.color.background,
  "@media": {
    [mediaUp("sm")]: { alignItems: "center", padding: `${vars.space["10"]} ${vars.space["4"]}` },
  },
});

const columnBase = style({ width: "100%", display: "flex", flexDirection: "column", gap: vars.space["4"] });
export const column = {
  narrow: style([columnBase, { maxWidth: "440px" }]),
  wide: style([columnBase, { maxWidth: "640px" }]),
};

export const brand = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space["1"],
  textAlign: "center",
});

export const brandName = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.primary,
  letterSpacing: "0.02em",
});

export const tagline = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space["4"] });

/** Two fields side by side from 576 px, stacked below. */
export const pair = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space["4"],
  "@media": { [mediaUp("sm")]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});

/** A line of small links or secondary actions (e.g. "Forgot password?" at the right). */
export const row = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space["2"],
});

export const rowEnd = style([row, { justifyContent: "flex-end" }]);

export const note = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  textAlign: "center",
});

export const link = style({
  color: vars.color.primary,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  borderRadius: vars.radius.sm,
  selectors: { "&:hover": { textDecoration: "underline" } },
});

export const smallLink = style([link, { fontSize: vars.fontSize.sm }]);

export const centre = style({
  display: "flex",
  justifyContent: "center",
  padding: `${vars.space["6"]} 0`,
});
