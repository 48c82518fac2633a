import { showingEntriesText } from "@herald/domain";
import { Button } from "../Button";
import * as s from "./DataTable.css";
import { pageItems } from "./pagination";

/** Below the table: rows per page, the "Showing" line and the page buttons. */
export function DataTablePager({
  label,
  pageIndex,
  pageCount,
  pageSize,
  pageSizeOptions,
  total,
  onPageSize,
  onPage,
}: {
  /** The table's name, naming the pagination landmark. */
  label: string;
  pageIndex: number;
  pageCount: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  /** Rows matching; 0 while an error replaces them. */
  total: number;
  onPageSize: (size: number) => void;
  onPage: (index: number) => void;
}) {
  const summary = showingEntriesText(pageIndex + 1, pageSize, total);
  const items = pageItems(pageIndex, pageCount);
  const edge = (ariaLabel: string, text: string, disabled: boolean, target: number) => (
    <li>
      <Button
        variant="outline"
        tone="secondary"
        size="sm"
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={() => onPage(target)}
      >
        {text}
      </Button>
    </li>
  );
  return (
    <div className={s.footer}>
      <label className={s.pageSize}>
        Rows per page
        <select className={s.select} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {pageSizeOptions.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <p className={s.summary} aria-live="polite">
        {summary}
      </p>
      <nav aria-label={`Pagination for ${label}`}>
        <ul className={s.pager}>
          {edge("First page", "«", pageIndex <= 0, 0)}
          {edge("Previous page", "‹", pageIndex <= 0, pageIndex - 1)}
          {items.map((item) =>
            item.type === "ellipsis" ? (
              <li key={`ellipsis-${item.position}`} className={s.ellipsis} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={item.index}>
                <Button
                  variant={item.index === pageIndex ? "solid" : "outline"}
                  tone={item.index === pageIndex ? "primary" : "secondary"}
                  size="sm"
                  aria-label={`Page ${item.index + 1}`}
                  aria-current={item.index === pageIndex ? "page" : undefined}
                  onClick={() => onPage(item.index)}
                >
                  {item.index + 1}
                </Button>
              </li>
            ),
          )}
          {edge("Next page", "›", pageIndex >= pageCount - 1, pageIndex + 1)}
          {edge("Last page", "»", pageIndex >= pageCount - 1, pageCount - 1)}
        </ul>
      </nav>
    </div>
  );
}
