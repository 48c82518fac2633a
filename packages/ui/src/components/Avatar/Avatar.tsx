import { Avatar as RadixAvatar } from "radix-ui";
import * as styles from "./Avatar.css";

export type PresenceStatus = "online" | "offline";

export interface AvatarProps {
  /** The person's name: gives the initials and the accessible name. */
  name: string;
  /** Picture URL; the initials show while it loads or if it fails. */
  src?: string | null;
  size?: "sm" | "md" | "lg";
  /** Presence dot, announced as part of the name ("Jane Tan, online"). */
  status?: PresenceStatus;
  /** Hide from assistive technology when the name is already written next to the avatar. */
  decorative?: boolean;
  className?: string;
}

/** Up to two initials: "Jane Tan" -> "JT", "madonna" -> "M". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}

/** A person's picture or initials, with an optional online/offline dot. */
export function Avatar({ name, src, size = "md", status, decorative = false, className }: AvatarProps) {
  const label = status ? `${name}, ${status}` : name;
  const classes = styles.root({ size });
  return (
    <span
      className={className ? `${classes} ${className}` : classes}
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": label })}
      data-status={status}
    >
      <RadixAvatar.Root className={styles.circle}>
        {src ? <RadixAvatar.Image className={styles.image} src={src} alt="" /> : null}
        <RadixAvatar.Fallback delayMs={src ? 300 : 0}>{initialsOf(name)}</RadixAvatar.Fallback>
      </RadixAvatar.Root>
      {status ? <span className={styles.dot({ status })} /> : null}
    </span>
  );
}
