import { describe, expect, it } from "vitest";
import { formatFileSize, isAccepted } from "./FileDrop";

describe("isAccepted", () => {
  const file = (name: string, type = "") => ({ name, type });

  it("accepts by extension, ignoring case", () => {
    expect(isAccepted(file("numbers.CSV"), ".csv,.xlsx")).toBe(true);
    expect(isAccepted(file("book.xlsx"), ".csv, .xlsx")).toBe(true);
    expect(isAccepted(file("book.xls"), ".csv,.xlsx")).toBe(false);
    expect(isAccepted(file("csv"), ".csv")).toBe(false);
  });

  it("accepts exact and wildcard MIME types", () => {
    expect(isAccepted(file("a.bin", "text/csv"), "text/csv")).toBe(true);
    expect(isAccepted(file("a.png", "image/png"), "image/*")).toBe(true);
    expect(isAccepted(file("a.pdf", "application/pdf"), "image/*")).toBe(false);
  });

  it("accepts anything without a list", () => {
    expect(isAccepted(file("x.exe"), undefined)).toBe(true);
    expect(isAccepted(file("x.exe"), " ")).toBe(true);
  });
});

describe("formatFileSize", () => {
  it("uses base 1000 like the spec's formatter", () => {
    expect(formatFileSize(999)).toBe("999 B");
    expect(formatFileSize(1000)).toBe("1 KB");
    expect(formatFileSize(71_680)).toBe("71.7 KB");
    expect(formatFileSize(157_286_400)).toBe("157 MB");
    expect(formatFileSize(1_500_000)).toBe("1.5 MB");
  });
});
