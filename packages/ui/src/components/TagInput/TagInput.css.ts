import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const shell = style({
  flexWrap: "wrap",
  gap: vars.space["1"],
  paddingBlock: vars.space["1"],
  cursor: "text",
});

export const tags = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space["1"],
  maxWidth: "100%",
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const tag = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "2px",
  maxWidth: "100%",
  minHeight: "26px",
  paddingLeft: vars.space["2"],
  border: "1px solid transparent",
  borderRadius: vars.radius.sm,
  background: vars.color.secondarySoft,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: "tabular-nums",
  lineHeight: vars.lineHeight.tight,
});

export const tagInvalid = style({
  background: vars.color.dangerSoft,
  borderColor: vars.color.danger,
  color: vars.color.danger,
});

export const tagText = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });

export const remove = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "22px",
  height: "22px",
  padding: 0,
  border: 0,
  borderRadius: vars.radius.sm,
  background: "transparent",
  color: "inherit",
  cursor: "pointer",
  selectors: {
    "&:hover:not(:disabled)": { background: vars.color.surfaceHover },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing, borderRadius: vars.radius.sm },
    "&:disabled": { cursor: "not-allowed" },
  },
});

export const input = style({ flex: "1 0 120px", minHeight: "28px" });

export const problems = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  display: "flex",
  flexDirection: "column",
  gap: "2px",
});
