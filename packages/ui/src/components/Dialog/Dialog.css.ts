import { keyframes, style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { mediaDown } from "../../theme/tokens";
import { vars } from "../../theme/vars.css";

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const popIn = keyframes({
  from: { opacity: 0, transform: "translate(-50%, -48%) scale(0.97)" },
  to: { opacity: 1, transform: "translate(-50%, -50%) scale(1)" },
});
const slideIn = keyframes({ from: { transform: "translateX(100%)" }, to: { transform: "translateX(0)" } });

const reducedMotion = { "(prefers-reduced-motion: reduce)": { animation: "none" } };

export const overlay = style({
  position: "fixed",
  inset: 0,
  background: vars.color.overlay,
  zIndex: vars.zIndex.modal,
  animation: `${fadeIn} 150ms ease-out`,
  "@media": reducedMotion,
});

/** The centred modal box shared by Dialog, MessageDialog and ConfirmDialog. */
export const content = recipe({
  base: {
    position: "fixed",
    top: "50%",
    left: "50%",
    transform: "translate(-50%, -50%)",
    zIndex: vars.zIndex.modal,
    display: "flex",
    flexDirection: "column",
    width: "calc(100vw - 32px)",
    maxHeight: "calc(100vh - 32px)",
    background: vars.color.surface,
    color: vars.color.text,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.lg,
    border: `1px solid ${vars.color.border}`,
    animation: `${popIn} 160ms ease-out`,
    selectors: { "&:focus": { outline: "none" } },
    "@media": reducedMotion,
  },
  variants: {
    size: {
      sm: { maxWidth: "400px" },
      md: { maxWidth: "560px" },
      lg: { maxWidth: "800px" },
    },
  },
  defaultVariants: { size: "md" },
});

export const header = style({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: vars.space["3"],
  padding: `${vars.space["4"]} ${vars.space["12"]} ${vars.space["4"]} ${vars.space["5"]}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  paddingTop: "2px",
});

export const description = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  marginTop: vars.space["1"],
});

export const body = style({ padding: vars.space["5"], overflowY: "auto", flex: 1 });

export const footer = style({
  display: "flex",
  justifyContent: "flex-end",
  flexWrap: "wrap",
  gap: vars.space["2"],
  padding: `${vars.space["3"]} ${vars.space["5"]}`,
  borderTop: `1px solid ${vars.color.border}`,
});

export const closeButton = style({
  position: "absolute",
  top: vars.space["3"],
  right: vars.space["3"],
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flex: "none",
  width: "32px",
  height: "32px",
  padding: 0,
  border: "none",
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.textMuted,
  cursor: "pointer",
  selectors: {
    "&:hover": { background: vars.color.surfaceHover, color: vars.color.text },
    "&:focus-visible": { outline: "none", boxShadow: vars.focusRing },
  },
});

/** The right-hand sheet of SidePanel. */
export const sheet = recipe({
  base: {
    position: "fixed",
    top: 0,
    right: 0,
    bottom: 0,
    zIndex: vars.zIndex.modal,
    display: "flex",
    flexDirection: "column",
    width: "100%",
    background: vars.color.surface,
    color: vars.color.text,
    boxShadow: vars.shadow.lg,
    borderLeft: `1px solid ${vars.color.border}`,
    animation: `${slideIn} 180ms ease-out`,
    selectors: { "&:focus": { outline: "none" } },
    "@media": reducedMotion,
  },
  variants: {
    width: {
      sm: { maxWidth: "360px" },
      md: { maxWidth: "480px" },
      lg: { maxWidth: "720px" },
    },
  },
  defaultVariants: { width: "md" },
});

export const sheetFullOnPhones = style({ "@media": { [mediaDown("sm")]: { maxWidth: "100%" } } });
