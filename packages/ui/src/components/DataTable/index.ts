export {
  DataTable,
  type DataTableClientProps,
  type DataTableColumn,
  type DataTableExportFormat,
  type DataTableProps,
  type DataTableRowAction,
  type DataTableServerProps,
  type DataTableSorting,
  type DataTableValue,
  DEFAULT_EMPTY_TEXT,
  DEFAULT_PAGE_SIZES,
  VIRTUALIZE_THRESHOLD,
} from "./DataTable";
export { type PageItem, pageItems } from "./pagination";
