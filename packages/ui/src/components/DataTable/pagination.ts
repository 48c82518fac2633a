/** One entry of the pager: a page button (0-based index) or an ellipsis standing for skipped pages. */
export type PageItem = { type: "page"; index: number } | { type: "ellipsis"; position: "start" | "end" };

/**
 * The page numbers the pager shows: at most `max` numbers in a window around the current page,
 * with an ellipsis on each side that hides pages.
 */
export function pageItems(pageIndex: number, pageCount: number, max = 5): PageItem[] {
  if (pageCount <= 0) return [];
  const current = Math.min(Math.max(pageIndex, 0), pageCount - 1);
  let start = 0;
  let end = pageCount - 1;
  if (pageCount > max) {
    start = Math.max(0, current - Math.floor(max / 2));
    end = start + max - 1;
    if (end > pageCount - 1) {
      end = pageCount - 1;
      start = end - max + 1;
    }
  }
  const items: PageItem[] = [];
  if (start > 0) items.push({ type: "ellipsis", position: "start" });
  for (let i = start; i <= end; i += 1) items.push({ type: "page", index: i });
  if (end < pageCount - 1) items.push({ type: "ellipsis", position: "end" });
  return items;
}
