import { mediaDown, mediaUp, vars } from "@herald/ui/theme";
import { globalStyle, style } from "@vanilla-extract/css";

/** The chat fills the shell's main area below the 60 px header (main pads 16 px, 24 px from md up). */
export const chat = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 2fr) minmax(0, 5fr)",
  height: "calc(100dvh - 92px)",
  minHeight: 420,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  overflow: "hidden",
  "@media": { [mediaUp("md")]: { height: "calc(100dvh - 108px)" } },
  selectors: { '&[data-layout="narrow"]': { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const listPane = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  minHeight: 0,
  minWidth: 0,
  borderRight: `1px solid ${vars.color.border}`,
  selectors: { [`${chat}[data-layout="narrow"] &`]: { borderRight: "none" } },
});

export const paneHeading = style({
  margin: 0,
  padding: `${vars.space["3"]} ${vars.space["4"]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space["2"],
});

export const count = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.regular });

export const scroller = style({ flex: 1, minHeight: 0, overflowY: "auto", overscrollBehavior: "contain" });

export const virtualList = style({
  position: "relative",
  width: "100%",
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const virtualRow = style({ position: "absolute", top: 0, left: 0, width: "100%" });

export const scrollTop = style({
  position: "absolute",
  right: vars.space["4"],
  bottom: vars.space["4"],
  zIndex: 1,
});

/** The conversation pane (a grid cell) and the panel in it (a flex child): both fill the height. */
export const panel = style({
  display: "flex",
  flexDirection: "column",
  flex: "1 1 auto",
  minHeight: 0,
  minWidth: 0,
});

export const panelHeader = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
  padding: `${vars.space["3"]} ${vars.space["4"]}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const who = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["2"],
  minWidth: 0,
  flex: "1 1 auto",
});

export const roomName = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

export const channelName = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const headerActions = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
  "@media": { [mediaDown("sm")]: { width: "100%" } },
});

export const messages = style({
  flex: 1,
  minHeight: 0,
  overflowY: "auto",
  overscrollBehavior: "contain",
  background: vars.color.background,
  selectors: { "&:focus-visible": { outline: "none", boxShadow: `inset 0 0 0 2px ${vars.color.primary}` } },
});

export const messageRow = style({ padding: `${vars.space["1"]} ${vars.space["4"]}` });

export const centre = style({
  display: "grid",
  placeItems: "center",
  flex: 1,
  minHeight: 0,
  padding: vars.space["6"],
  textAlign: "center",
  gap: vars.space["3"],
});

export const notice = style({
  margin: 0,
  padding: vars.space["3"],
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.textMuted,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["3"],
});

export const agentRow = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space["3"],
  padding: `${vars.space["2"]} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const agentList = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  maxHeight: 360,
  overflowY: "auto",
});
export const agentName = style({ flex: 1, minWidth: 0, fontWeight: vars.fontWeight.medium });
export const agentMeta = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  whiteSpace: "nowrap",
});

export const form = style({ display: "grid", gap: vars.space["4"] });

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** Icon, type name and the Sandbox badge; on a narrow column the badge goes under the name. */
export const typeCell = style({
  display: "inline-flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
});

/** The connect page's channel types: one column on a phone, even columns beyond (not a ragged wrap). */
export const typeChoices = style({});
globalStyle(`${typeChoices} [role="radiogroup"][data-orientation]`, {
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(15rem, 1fr))",
  gap: vars.space["3"],
});

export const templateList = style({
  display: "grid",
  gap: vars.space["2"],
  margin: 0,
  padding: 0,
  listStyle: "none",
});

globalStyle(`${templateList} > li > button`, { width: "100%", justifyContent: "flex-start" });
