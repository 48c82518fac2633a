import { VisuallyHidden } from "radix-ui";
import type { ReactNode } from "react";
import { Button } from "../Button";
import * as s from "./DataTable.css";
import type { DataTableExportFormat } from "./types";

/** Above the table: the search box, then the page's own toolbar content and the export buttons. */
export function DataTableToolbar({
  searchable,
  search,
  onSearch,
  searchLabel,
  searchPlaceholder,
  toolbar,
  onExport,
}: {
  searchable: boolean;
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  searchPlaceholder: string;
  toolbar?: ReactNode;
  onExport?: (format: DataTableExportFormat) => void;
}) {
  if (!searchable && !toolbar && !onExport) return null;
  return (
    <div className={s.toolbar}>
      {searchable && (
        <label className={s.searchLabel}>
          <VisuallyHidden.Root>{searchLabel}</VisuallyHidden.Root>
          <input
            type="search"
            className={s.searchInput}
            value={search}
            placeholder={searchPlaceholder}
            onChange={(e) => onSearch(e.target.value)}
          />
        </label>
      )}
      {(toolbar || onExport) && (
        <div className={s.toolbarSlot}>
          {toolbar}
          {onExport && (
            // biome-ignore lint/a11y/useSemanticElements: a labelled group of export buttons
            <div className={s.exportGroup} role="group" aria-label="Export">
              <Button variant="outline" tone="secondary" size="sm" onClick={() => onExport("csv")}>
                CSV
              </Button>
              <Button variant="outline" tone="secondary" size="sm" onClick={() => onExport("xlsx")}>
                Excel
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** The bar of bulk actions over the selected rows, with their count announced. */
export function DataTableBulkBar({ count, children }: { count: number; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled toolbar of bulk actions
    <div className={s.bulkBar} role="group" aria-label="Bulk actions">
      <span className={s.bulkCount} aria-live="polite">
        {count} selected
      </span>
      {children}
    </div>
  );
}
