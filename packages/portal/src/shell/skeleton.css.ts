import { mediaUp, vars } from "@herald/ui/theme";
import { keyframes, style } from "@vanilla-extract/css";

const pulse = keyframes({
  "0%": { opacity: 0.55 },
  "50%": { opacity: 1 },
  "100%": { opacity: 0.55 },
});

/** A grey bar standing for text or a control that is on its way. */
export const bar = style({
  display: "block",
  height: 12,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceHover,
  animation: `${pulse} 1.2s ease-in-out infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});

export const header = style({ display: "flex", alignItems: "center", gap: vars.space["3"] });
export const pill = style([bar, { height: 32, width: 96, borderRadius: vars.radius.full }]);
export const pillWide = style([
  pill,
  { display: "none", "@media": { [mediaUp("md")]: { display: "block" } } },
]);
export const avatar = style([bar, { height: 32, width: 32, borderRadius: vars.radius.full }]);

export const page = style({
  display: "grid",
  gap: vars.space["4"],
  padding: vars.space["4"],
  maxWidth: 960,
  "@media": { [mediaUp("md")]: { padding: vars.space["6"] } },
});
export const title = style([bar, { height: 24, width: "40%", minWidth: 160 }]);
export const rows = style({
  display: "grid",
  gap: vars.space["3"],
  margin: 0,
  padding: 0,
  listStyle: "none",
});
export const row = style({
  display: "grid",
  gridTemplateColumns: "40px 1fr",
  alignItems: "center",
  gap: vars.space["3"],
  padding: vars.space["3"],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const rowAvatar = style([bar, { height: 40, width: 40, borderRadius: vars.radius.full }]);
export const rowText = style({ display: "grid", gap: vars.space["2"] });
