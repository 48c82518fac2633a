import { chatroomBadgeTone } from "@herald/domain";
import type { ReactNode } from "react";
import * as styles from "./Badge.css";

export type BadgeTone = "primary" | "success" | "danger" | "warning" | "info" | "secondary";

export interface BadgeProps {
  tone?: BadgeTone;
  /** solid (default): white text on the tone; soft: tone text on its pale background. */
  variant?: "solid" | "soft";
  /** Extra text for screen readers when the visible text alone is ambiguous, e.g. "Status: open". */
  "aria-label"?: string;
  className?: string;
  children: ReactNode;
}

/** A short status or count label. */
export function Badge({ tone = "primary", variant = "solid", className, children, ...aria }: BadgeProps) {
  const classes = styles.badge({ tone, variant });
  const label = aria["aria-label"];
  return (
    <span
      className={className ? `${classes} ${className}` : classes}
      {...(label ? { role: "img", "aria-label": label } : {})}
    >
      {children}
    </span>
  );
}

/** Tone of a chat room status badge: open success, assigned info, in-progress warning, closed primary, other secondary. */
export function chatroomStatusTone(status: string | null | undefined): BadgeTone {
  return chatroomBadgeTone(status);
}
