import { style } from "@vanilla-extract/css";
import { mediaDown } from "../../theme/tokens";
import { vars } from "../../theme/vars.css";

export const trigger = style({
  flex: "none",
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["2"],
  padding: `${vars.space["1"]} ${vars.space["2"]} ${vars.space["1"]} ${vars.space["1"]}`,
  border: "none",
  borderRadius: vars.radius.full,
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  textAlign: "left",
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.full },
  },
});

/** Name and role beside the avatar; on phones only the avatar shows, the text stays the button's name. */
export const who = style({
  display: "flex",
  flexDirection: "column",
  lineHeight: vars.lineHeight.tight,
  "@media": {
    [mediaDown("md")]: {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0, 0, 0, 0)",
      whiteSpace: "nowrap",
    },
  },
});

export const name = style({ fontWeight: vars.fontWeight.medium, fontSize: vars.fontSize.md });

export const role = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const chevron = style({
  color: vars.color.textMuted,
  "@media": { [mediaDown("md")]: { display: "none" } },
});

export const content = style({
  minWidth: "220px",
  padding: vars.space["1"],
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  zIndex: vars.zIndex.dropdown,
});

export const header = style({
  display: "flex",
  flexDirection: "column",
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  lineHeight: vars.lineHeight.tight,
});

export const item = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["2"],
  width: "100%",
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  border: "none",
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textDecoration: "none",
  cursor: "pointer",
  outline: "none",
  selectors: {
    "&[data-highlighted]": { background: vars.color.primarySoft, color: vars.color.primary },
  },
});

export const danger = style({
  selectors: { "&[data-highlighted]": { background: vars.color.dangerSoft, color: vars.color.danger } },
});

export const separator = style({
  height: "1px",
  margin: `${vars.space["1"]} 0`,
  background: vars.color.border,
});

export const groupLabel = style({
  padding: `${vars.space["1"]} ${vars.space["3"]}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
});

/** Keeps the theme names aligned whether or not the check mark shows. */
export const indicatorSlot = style({ display: "inline-flex", width: "16px", justifyContent: "center" });
