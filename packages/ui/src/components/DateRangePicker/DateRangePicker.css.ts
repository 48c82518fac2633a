import { style } from "@vanilla-extract/css";
import { mediaUp } from "../../theme/tokens";
import { vars } from "../../theme/vars.css";

export const row = style({
  display: "grid",
  gridTemplateColumns: "1fr",
  gap: vars.space["2"],
  "@media": { [mediaUp("xs")]: { gridTemplateColumns: "1fr 1fr" } },
});

export const part = style({ display: "flex", flexDirection: "column", gap: "2px", minWidth: 0 });

export const partLabel = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
