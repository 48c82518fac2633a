import { style } from "@vanilla-extract/css";
import { vars } from "../../theme/vars.css";

/** The fields of the form, one under the other. */
export const form = style({ display: "grid", gap: vars.space["4"] });
