import { VisuallyHidden } from "radix-ui";
import { type ReactNode, useId } from "react";
import { defaultRenderLink, type RenderLink } from "../Link/Link";
import * as s from "./StatCard.css";

export type StatTone = "primary" | "success" | "danger" | "warning" | "info" | "secondary";

export interface StatDelta {
  /** The change as shown, e.g. "12%" or "+30". */
  value: string;
  direction: "up" | "down" | "flat";
  /** What the change compares with, e.g. "vs last week". */
  label?: string;
}

export interface StatCardProps {
  label: string;
  value: ReactNode;
  tone?: StatTone;
  delta?: StatDelta;
  /** Decorative icon shown next to the label. */
  icon?: ReactNode;
  description?: ReactNode;
  className?: string;
  /** Makes the whole card a link (e.g. to the queue the figure counts); its name is the label and the value. */
  href?: string;
  /** Renders the link (the portal passes its router's link). */
  renderLink?: RenderLink;
}

const arrows = { up: "▲", down: "▼", flat: "▬" } as const;
const spoken = { up: "Up", down: "Down", flat: "No change" } as const;

/** One figure with its label, a tone accent and an optional change. */
export function StatCard({
  label,
  value,
  tone = "primary",
  delta,
  icon,
  description,
  className,
  href,
  renderLink = defaultRenderLink,
}: StatCardProps) {
  const labelId = useId();
  const classes = s.card({ tone, link: href !== undefined });
  if (href !== undefined) {
    return renderLink({
      href,
      className: className ? `${classes} ${className}` : classes,
      children: (
        <>
          <span className={s.header}>
            {icon && (
              <span className={s.icon} aria-hidden="true">
                {icon}
              </span>
            )}
            <span className={s.label}>{label}</span>
          </span>
          <span className={s.value}>{value}</span>
          {description && <span className={s.description}>{description}</span>}
        </>
      ),
    });
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group, not a form fieldset
    <div className={className ? `${classes} ${className}` : classes} role="group" aria-labelledby={labelId}>
      <div className={s.header}>
        {icon && (
          <span className={s.icon} aria-hidden="true">
            {icon}
          </span>
        )}
        <span id={labelId} className={s.label}>
          {label}
        </span>
      </div>
      <span className={s.value}>{value}</span>
      {delta && (
        <span className={s.delta({ direction: delta.direction })}>
          <span aria-hidden="true">{arrows[delta.direction]}</span>
          <VisuallyHidden.Root>{spoken[delta.direction]} </VisuallyHidden.Root>
          {delta.direction === "flat" ? null : delta.value}
          {delta.label && <span> {delta.label}</span>}
        </span>
      )}
      {description && <span className={s.description}>{description}</span>}
    </div>
  );
}
