import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const root = style({ display: "flex", flexDirection: "column", gap: vars.space["4"] });

/** Holds the list and the scroll affordances. */
export const frame = style({ position: "relative", minWidth: 0 });

export const list = style({
  display: "flex",
  gap: vars.space["1"],
  overflowX: "auto",
  overflowY: "hidden",
  // The fades and arrows show that more tabs are hidden; a scrollbar would cover the active underline.
  scrollbarWidth: "none",
  overscrollBehaviorX: "contain",
  // The row's bottom line, under the tabs (the selected tab's underline paints over it).
  boxShadow: `inset 0 -1px 0 ${vars.color.border}`,
  selectors: { "&::-webkit-scrollbar": { display: "none" } },
});

export const scroller = style({
  position: "absolute",
  top: 0,
  bottom: "1px",
  display: "inline-flex",
  alignItems: "center",
  width: "40px",
  padding: 0,
  border: "none",
  color: vars.color.text,
  cursor: "pointer",
  selectors: { "&[hidden]": { display: "none" } },
});

export const scrollerStart = style({
  left: 0,
  justifyContent: "flex-start",
  background: `linear-gradient(to right, ${vars.color.surface} 45%, transparent)`,
});

export const scrollerEnd = style({
  right: 0,
  justifyContent: "flex-end",
  background: `linear-gradient(to left, ${vars.color.surface} 45%, transparent)`,
});

export const flip = style({ display: "inline-flex", transform: "scaleX(-1)" });

export const trigger = style({
  position: "relative",
  flex: "none",
  padding: `${vars.space["2"]} ${vars.space["4"]}`,
  border: "none",
  borderBottom: "2px solid transparent",
  background: "transparent",
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
  selectors: {
    "&:hover:not([data-disabled])": { color: vars.color.text, background: vars.color.surfaceHover },
    '&[data-state="active"]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    "&[data-disabled]": { cursor: "not-allowed", opacity: 0.55 },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing },
  },
});

export const content = style({
  selectors: {
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.sm },
  },
});
