import type { ReactNode } from "react";
import { Spinner } from "../Spinner/Spinner";
import * as styles from "./LoadingOverlay.css";

export interface LoadingOverlayProps {
  /** While true, the content is covered, inert (no clicks, no keyboard focus) and marked busy. */
  visible: boolean;
  /** What is happening, announced politely and shown next to the spinner. */
  label?: string;
  /** Cover the whole window instead of the wrapped content (e.g. while a form is submitted). */
  fullscreen?: boolean;
  children?: ReactNode;
  className?: string;
}

/**
 * Covers content during a blocking operation. The wrapped content becomes inert, so keyboard users
 * cannot act on it either; the label is announced as a status.
 */
export function LoadingOverlay({
  visible,
  label = "Loading",
  fullscreen = false,
  children,
  className,
}: LoadingOverlayProps) {
  return (
    <div className={className ? `${styles.container} ${className}` : styles.container}>
      <div aria-busy={visible || undefined} inert={visible || undefined}>
        {children}
      </div>
      {visible ? (
        <div className={styles.overlay({ fullscreen })} data-testid="loading-overlay">
          <span className={styles.box}>
            <Spinner label={label} showLabel />
          </span>
        </div>
      ) : null}
    </div>
  );
}
