import { VisuallyHidden } from "radix-ui";
import { useId, useState } from "react";
import { Button } from "../Button/Button";
import * as styles from "./ChangeDiff.css";

/** One thing that changed, in words: "Role" from "Agent" to "Admin". */
export interface ChangeRow {
  label: string;
  /** The value before; null or undefined when the thing did not exist before (it was set). */
  before?: string | null;
  /** The value after; null or undefined when the thing was removed. */
  after?: string | null;
}

export interface ChangeDiffProps {
  changes: readonly ChangeRow[];
  /** Rows shown before "Show all N changes" (default 4). */
  maxShown?: number;
  /** Shown when nothing changed (default "No details recorded"). */
  emptyText?: string;
  className?: string;
}

const present = (v: string | null | undefined): v is string => v !== null && v !== undefined;

/**
 * What an action changed, one line per field: the old value struck through on red, an arrow, the new one on
 * green. Screen readers hear "Role: from Agent to Admin" ("set to" for a new field, "removed" for a gone one).
 * Long lists show their first rows and a button for the rest.
 */
export function ChangeDiff({
  changes,
  maxShown = 4,
  emptyText = "No details recorded",
  className,
}: ChangeDiffProps) {
  const [all, setAll] = useState(false);
  const listId = useId();
  if (changes.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  const shown = all || changes.length <= maxShown + 1 ? changes : changes.slice(0, maxShown);
  return (
    <div className={className ? `${styles.root} ${className}` : styles.root}>
      <dl id={listId} className={styles.list}>
        {shown.map((change) => (
          <div key={change.label} className={styles.row}>
            <dt className={styles.term}>{change.label}:</dt>
            <dd className={styles.value}>
              {present(change.before) && present(change.after) ? (
                <>
                  <VisuallyHidden.Root>from </VisuallyHidden.Root>
                  <del className={styles.before}>{change.before}</del>
                  <span className={styles.arrow} aria-hidden="true">
                    →
                  </span>
                  <VisuallyHidden.Root> to </VisuallyHidden.Root>
                  <ins className={styles.after}>{change.after}</ins>
                </>
              ) : present(change.after) ? (
                <>
                  <VisuallyHidden.Root>set to </VisuallyHidden.Root>
                  <ins className={styles.after}>{change.after}</ins>
                </>
              ) : present(change.before) ? (
                <>
                  <del className={styles.before}>{change.before}</del>
                  <VisuallyHidden.Root> removed</VisuallyHidden.Root>
                </>
              ) : (
                <span className={styles.arrow}>—</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {shown.length < changes.length || all ? (
        <div>
          <Button
            variant="link"
            size="sm"
            aria-expanded={all}
            aria-controls={listId}
            onClick={() => setAll((v) => !v)}
          >
            {all ? "Show fewer" : `Show all ${changes.length} changes`}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
