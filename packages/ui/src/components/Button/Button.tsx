import type { ComponentPropsWithRef, MouseEvent, ReactNode } from "react";
import * as styles from "./Button.css";

export type ButtonVariant = "solid" | "outline" | "ghost" | "link";
export type ButtonTone = "primary" | "success" | "danger" | "warning" | "secondary";
export type ButtonSize = "sm" | "md" | "lg";

export interface ButtonProps extends Omit<ComponentPropsWithRef<"button">, "color"> {
  /** Visual weight: solid (default) for the main action, outline/ghost for secondary ones, link for inline. */
  variant?: ButtonVariant;
  tone?: ButtonTone;
  size?: ButtonSize;
  /**
   * Shows a spinner, sets aria-busy and aria-disabled and ignores clicks (also form submission) while keeping focus on the
   * button, so a keyboard user is not thrown out of the form mid-request.
   */
  loading?: boolean;
  /** Icon before the text (decorative: hidden from assistive technology). Replaced by the spinner while loading. */
  iconStart?: ReactNode;
  /** Icon after the text (decorative). */
  iconEnd?: ReactNode;
  fullWidth?: boolean;
}

/**
 * The one button of the design system. Renders `<button type="button">` unless `type` says otherwise.
 * An icon-only button (no children) must be given an `aria-label`. `aria-disabled` (unlike `disabled`)
 * keeps the button focusable while ignoring activation: use it for a control that becomes unavailable
 * while the user is on it (a stepper at its limit).
 */
export function Button({
  variant = "solid",
  tone = "primary",
  size = "md",
  loading = false,
  iconStart,
  iconEnd,
  fullWidth = false,
  type = "button",
  className,
  children,
  onClick,
  "aria-disabled": ariaDisabled,
  ...rest
}: ButtonProps) {
  const hasText = children !== undefined && children !== null && children !== false;
  const classes = styles.button({ variant, tone, size, fullWidth, iconOnly: !hasText });
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading || ariaDisabled === true || ariaDisabled === "true") {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  const lead = loading ? (
    <span className={styles.spinner} aria-hidden="true" data-testid="button-spinner" />
  ) : iconStart ? (
    <span className={styles.icon} aria-hidden="true">
      {iconStart}
    </span>
  ) : null;
  return (
    <button
      type={type}
      className={className ? `${classes} ${className}` : classes}
      aria-busy={loading || undefined}
      aria-disabled={loading || ariaDisabled || undefined}
      data-loading={loading || undefined}
      onClick={handleClick}
      {...rest}
    >
      {lead}
      {hasText ? <span>{children}</span> : null}
      {iconEnd ? (
        <span className={styles.icon} aria-hidden="true">
          {iconEnd}
        </span>
      ) : null}
    </button>
  );
}
