import type { CSSProperties, HTMLAttributes, ReactNode } from "react";
import * as s from "./PageLayout.css";

export interface PageLayoutProps extends HTMLAttributes<HTMLDivElement> {
  /**
   * "shell" (default): a screen in the company's shell, padded 24 px from 576 px up (the shell pads phones).
   * "none": a screen in a frame that pads it already (the operator's console).
   */
  inset?: "shell" | "none";
  /** Caps the page's width (px or a CSS length), for forms and short pages; it stays at the start. */
  maxWidth?: number | string;
  children?: ReactNode;
}

/**
 * The frame of a screen: breadcrumb, PageHeader, then its cards and tables, one under another 16 px apart.
 * Its children never widen it (min-width 0), so a wide table scrolls inside its card, not the page.
 */
export function PageLayout({ inset, maxWidth, className, style, children, ...rest }: PageLayoutProps) {
  const classes = s.page({ inset });
  const merged: CSSProperties | undefined = maxWidth !== undefined ? { maxWidth, ...style } : style;
  return (
    <div className={className ? `${classes} ${className}` : classes} style={merged} {...rest}>
      {children}
    </div>
  );
}
