import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

export const row = style({ display: "flex", alignItems: "stretch", gap: vars.space["2"] });

export const input = style({ textAlign: "right", fontVariantNumeric: "tabular-nums" });

export const currency = style({ fontWeight: vars.fontWeight.medium });
