/**
 * Spreadsheet cells: reading an uploaded workbook's cell as text, and neutralising exported cells (a cell that
 * starts with =, +, -, @, a tab or a carriage return gets a leading apostrophe, so no spreadsheet runs it).
 */
import type ExcelJS from "exceljs";

/** A cell's text: numbers without exponent, rich text joined, a formula's result, a hyperlink's text. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  }
  if (typeof value === "string") return value;
  if (typeof value === "boolean" || value instanceof Date) return "";
  if ("richText" in value) return value.richText.map((r) => r.text).join("");
  if ("formula" in value || "sharedFormula" in value) {
    const result = (value as { result?: unknown }).result;
    return typeof result === "number" || typeof result === "string" ? cellText(result) : "";
  }
  if ("text" in value && typeof value.text === "string") return value.text;
  return "";
}

/** Cells a spreadsheet would read as a formula get a leading apostrophe. */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
