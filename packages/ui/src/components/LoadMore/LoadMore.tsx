import { Button } from "../Button/Button";
import * as styles from "./LoadMore.css";

export interface LoadMoreProps {
  /** Rows shown so far. */
  shown: number;
  /** More rows wait on the server. */
  hasMore: boolean;
  /** The next rows are loading. */
  loading?: boolean;
  onLoadMore: () => void;
  /** What the rows are, singular and plural: ["company", "companies"] (default ["row", "rows"]). */
  noun?: readonly [singular: string, plural: string];
  /** The button's label (default "Load more"). */
  label?: string;
}

/**
 * The foot of a list that pages by keyset: how many rows are shown and "Load more" while the server has more;
 * "All N shown" once it has none. The count is announced politely as it grows.
 */
export function LoadMore({
  shown,
  hasMore,
  loading = false,
  onLoadMore,
  noun = ["row", "rows"],
  label = "Load more",
}: LoadMoreProps) {
  if (shown === 0 && !hasMore) return null;
  const word = shown === 1 ? noun[0] : noun[1];
  return (
    <div className={styles.root}>
      <p className={styles.text} aria-live="polite">
        {hasMore
          ? `${shown.toLocaleString("en")} ${word} shown`
          : `All ${shown.toLocaleString("en")} ${word} shown`}
      </p>
      {hasMore ? (
        <Button variant="outline" size="sm" loading={loading} onClick={onLoadMore}>
          {label}
        </Button>
      ) : null}
    </div>
  );
}
