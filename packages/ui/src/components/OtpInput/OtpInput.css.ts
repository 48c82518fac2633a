import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const root = style({ display: "flex", flexDirection: "column", gap: vars.space["2"] });

export const boxes = style({ display: "flex", gap: vars.space["2"] });

export const box = style({
  width: "44px",
  height: "52px",
  padding: 0,
  textAlign: "center",
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.medium,
  fontVariantNumeric: "tabular-nums",
  caretColor: vars.color.primary,
  "@media": { "screen and (max-width: 360px)": { width: "38px", height: "46px" } },
});

export const resend = style({ alignSelf: "flex-start" });
