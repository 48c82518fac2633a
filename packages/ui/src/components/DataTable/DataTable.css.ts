import { globalStyle, keyframes, style, styleVariants } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { type Breakpoint, breakpoints, mediaDown, mediaUp } from "../../theme/tokens";
import { vars } from "../../theme/vars.css";

export const root = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["3"],
  minWidth: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
});

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
});

export const toolbarSlot = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
  marginInlineStart: "auto",
});

/** Grows from 200px up to 20rem with the room the toolbar leaves (wide enough for the placeholders in use). */
export const searchLabel = style({
  display: "inline-flex",
  flex: "1 1 200px",
  maxWidth: "20rem",
  alignItems: "center",
  gap: vars.space["2"],
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

const control = style({
  height: "34px",
  padding: `0 ${vars.space["3"]}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  selectors: {
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderColor: vars.color.focus },
  },
});

export const searchInput = style([control, { width: "100%", minWidth: 0 }]);

export const select = style([control, { paddingInlineEnd: vars.space["2"] }]);

export const exportGroup = style({ display: "inline-flex", gap: vars.space["1"] });

export const bulkBar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["2"],
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.text,
});

export const bulkCount = style({ fontWeight: vars.fontWeight.bold, marginInlineEnd: vars.space["2"] });

export const scroll = style({
  position: "relative",
  overflow: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: {
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing },
  },
});

export const table = recipe({
  base: { width: "100%", borderCollapse: "separate", borderSpacing: 0 },
  variants: {
    /**
     * fixed: column widths come from the header row, so a virtualised table neither re-measures every
     * column on each scroll step nor shifts its columns as different rows come into view.
     */
    layout: { auto: { tableLayout: "auto" }, fixed: { tableLayout: "fixed" } },
  },
  defaultVariants: { layout: "auto" },
});

export const th = style({
  position: "sticky",
  top: 0,
  zIndex: 1,
  padding: `${vars.space["2"]} ${vars.space["3"]}`,
  background: vars.color.surfaceAlt,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  textAlign: "start",
  whiteSpace: "nowrap",
  verticalAlign: "middle",
});

/** Rows are 41px (border included) with or without a small button in them: the virtualiser's estimate. */
export const td = style({
  padding: `${vars.space["1"]} ${vars.space["3"]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "middle",
  height: "41px",
});

export const align = styleVariants({
  start: { textAlign: "start" },
  center: { textAlign: "center" },
  end: { textAlign: "end" },
});

/** Utility columns (checkbox, expand toggle, row menu): tight padding, never wrapped. */
export const narrowCell = style({ whiteSpace: "nowrap", paddingInline: vars.space["2"] });

/** Widths of the utility columns (checkbox, expand toggle, row menu). */
export const utilityWidth = styleVariants({
  select: { width: "36px" },
  expand: { width: "48px" },
  actions: { width: "48px" },
});

export const sortButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["1"],
  padding: 0,
  border: 0,
  background: "transparent",
  font: "inherit",
  fontWeight: "inherit",
  color: "inherit",
  cursor: "pointer",
  textAlign: "inherit",
});

export const sortIcon = style({ width: "12px", height: "12px", color: vars.color.textMuted, flex: "none" });

export const row = style({
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&:focus-visible": { outline: "none", boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
    '&[aria-selected="true"]': { background: vars.color.primarySoft },
  },
});

export const checkbox = style({
  width: "16px",
  height: "16px",
  margin: 0,
  accentColor: vars.color.primary,
  cursor: "pointer",
});

export const paddingCell = style({ padding: 0, border: 0 });

export const messageCell = style({
  padding: `${vars.space["8"]} ${vars.space["4"]}`,
  textAlign: "center",
  color: vars.color.textMuted,
});

export const errorBox = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space["3"],
  color: vars.color.danger,
});

const shimmer = keyframes({
  "0%": { opacity: 0.55 },
  "50%": { opacity: 1 },
  "100%": { opacity: 0.55 },
});

export const skeleton = style({
  display: "block",
  height: "12px",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceHover,
  animation: `${shimmer} 1.2s ease-in-out infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});

export const detailList = style({
  display: "grid",
  gridTemplateColumns: "minmax(96px, max-content) 1fr",
  gap: `${vars.space["1"]} ${vars.space["4"]}`,
  margin: 0,
});

export const detailItem = style({ display: "contents" });
export const detailTerm = style({ fontWeight: vars.fontWeight.bold, color: vars.color.textMuted });
export const detailValue = style({ margin: 0, minWidth: 0, overflowWrap: "anywhere" });

export const detailCell = style({
  padding: `${vars.space["2"]} ${vars.space["3"]} ${vars.space["3"]}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
});

export const expandIcon = recipe({
  base: { width: "14px", height: "14px", transition: `transform ${vars.transition}` },
  variants: { open: { true: { transform: "rotate(90deg)" }, false: {} } },
});

/** Hidden on screens narrower than the breakpoint (the column's priority). */
export const hideBelow = styleVariants(
  breakpoints,
  (_px, bp) => ({ "@media": { [mediaDown(bp as Breakpoint)]: { display: "none" } } }) as const,
);

/** Shown only on screens narrower than the breakpoint (expand toggles and detail items). */
export const showBelow = styleVariants(
  breakpoints,
  (_px, bp) => ({ "@media": { [mediaUp(bp as Breakpoint)]: { display: "none" } } }) as const,
);

export const footer = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space["3"],
});

export const pageSize = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space["2"],
  fontSize: vars.fontSize.sm,
});

export const summary = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const pager = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space["1"],
  listStyle: "none",
  margin: 0,
  padding: 0,
});

export const ellipsis = style({ padding: `0 ${vars.space["1"]}`, color: vars.color.textMuted });

export const menuContent = style({
  minWidth: "160px",
  padding: vars.space["1"],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.md,
  zIndex: vars.zIndex.dropdown,
});

export const menuItem = recipe({
  base: {
    display: "flex",
    alignItems: "center",
    padding: `${vars.space["2"]} ${vars.space["3"]}`,
    borderRadius: vars.radius.sm,
    fontSize: vars.fontSize.md,
    cursor: "pointer",
    userSelect: "none",
    outline: "none",
    selectors: {
      "&[data-highlighted]": { background: vars.color.surfaceHover },
      "&[data-disabled]": { opacity: 0.55, cursor: "not-allowed" },
    },
  },
  variants: {
    tone: {
      default: { color: vars.color.text },
      danger: { color: vars.color.danger },
    },
  },
  defaultVariants: { tone: "default" },
});

/**
 * Column fits. "content": one line, as wide as the widest value, never cut off (`width: 1px` asks the
 * automatic layout for the narrowest column that still holds its content). "fill": the room the others leave.
 */
export const fit = styleVariants({
  content: { whiteSpace: "nowrap", width: "1px" },
  fill: {},
});

/** A fitted column's header may break between words ("Delivered / Status"), so headers do not widen columns. */
globalStyle(`th.${fit.content}`, { whiteSpace: "normal", overflowWrap: "normal" });

/** A "fill" cell keeps a readable width: the table scrolls sideways before the text becomes a ribbon. */
export const fillContent = style({
  minWidth: "16rem",
  overflowWrap: "anywhere",
  "@media": { [mediaDown("sm")]: { minWidth: "8rem" } },
});

export const clamp = style({
  display: "-webkit-box",
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
  overflowWrap: "anywhere",
  whiteSpace: "pre-line",
});

export const clampOpen = style({ overflowWrap: "anywhere", whiteSpace: "pre-line" });

export const moreButton = style({
  display: "inline-block",
  marginTop: vars.space["1"],
  padding: 0,
  border: 0,
  background: "transparent",
  color: vars.color.primary,
  font: "inherit",
  fontSize: vars.fontSize.sm,
  textDecoration: "underline",
  cursor: "pointer",
  borderRadius: vars.radius.sm,
  selectors: {
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing },
  },
});

/**
 * Rows as cards on narrow screens (the table's `stackBelow`): each row's cells stack in one column between
 * its checkbox and its expand toggle or menu, so a phone shows number, message and status one under another
 * instead of squeezing columns side by side. The header keeps only the select-all box.
 */
export const stack = styleVariants(
  breakpoints,
  (_px, bp) =>
    ({
      "@media": {
        [mediaDown(bp as Breakpoint)]: {
          display: "block",
        },
      },
    }) as const,
);

for (const bp of Object.keys(breakpoints) as Breakpoint[]) {
  const root = `.${stack[bp]}`;
  const media = mediaDown(bp);
  globalStyle(`${root} > thead, ${root} > tbody`, { "@media": { [media]: { display: "block" } } });
  globalStyle(`${root} > thead > tr`, {
    "@media": {
      [media]: {
        display: "flex",
        alignItems: "center",
        background: vars.color.surfaceAlt,
      },
    },
  });
  globalStyle(`${root} > thead > tr > th:not(.${narrowCell})`, {
    "@media": {
      [media]: {
        position: "absolute",
        width: "1px",
        height: "1px",
        padding: 0,
        overflow: "hidden",
        clip: "rect(0 0 0 0)",
        whiteSpace: "nowrap",
        border: 0,
      },
    },
  });
  globalStyle(`${root} > thead > tr > th.${narrowCell}`, {
    "@media": { [media]: { position: "static", width: "auto", borderBottom: 0, background: "transparent" } },
  });
  globalStyle(`${root} > tbody > tr[data-index]`, {
    "@media": {
      [media]: {
        display: "grid",
        gridTemplateColumns: "auto minmax(0, 1fr) auto",
        gridAutoFlow: "row dense",
        alignItems: "start",
        paddingBlock: vars.space["2"],
        borderTop: `1px solid ${vars.color.border}`,
      },
    },
  });
  globalStyle(`${root} > tbody > tr[data-index] > td`, {
    "@media": {
      [media]: {
        gridColumn: "2",
        width: "auto",
        height: "auto",
        border: 0,
        paddingBlock: "2px",
        textAlign: "start",
      },
    },
  });
  globalStyle(`${root} > tbody > tr[data-index] > td[data-utility="select"]`, {
    "@media": { [media]: { gridColumn: "1", gridRow: "1 / span 6" } },
  });
  globalStyle(`${root} > tbody > tr[data-index] > td[data-utility="expand"]`, {
    "@media": { [media]: { gridColumn: "3", gridRow: "1 / span 6" } },
  });
  globalStyle(`${root} > tbody > tr[data-index] > td[data-utility="actions"]`, {
    "@media": { [media]: { gridColumn: "3", gridRow: "1 / span 6" } },
  });
  globalStyle(`${root} > tbody > tr:not([data-index]), ${root} > tbody > tr:not([data-index]) > td`, {
    "@media": { [media]: { display: "block" } },
  });
  globalStyle(`${root} .${fillContent}`, { "@media": { [media]: { minWidth: 0 } } });
}
