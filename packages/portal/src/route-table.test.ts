import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { routeTable } from "./route-table";

const here = path.dirname(fileURLToPath(import.meta.url));
const rows = readFileSync(path.join(here, "../routes.tsv"), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((l) => {
    const [route, guard, screen] = l.split("\t");
    return { route: route!, guard: guard!, screen: screen! };
  });

describe("route table", () => {
  it("mirrors routes.tsv one to one: same paths, guards and screens, in order", () => {
    expect(routeTable).toHaveLength(rows.length);
    rows.forEach((row, i) => {
      const entry = routeTable[i]!;
      if (row.route === "(path not shown)") expect(entry.designed).toBe(true);
      else expect(entry.path).toBe(row.route);
      expect(entry.guard).toBe(row.guard);
      expect(entry.screen).toBe(row.screen);
    });
  });

  it("has no duplicate paths", () => {
    const paths = routeTable.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("keeps routes.tsv in step with the specification when it is present", () => {
    let text: string | undefined;
    try {
      text = readFileSync(path.resolve(here, "../../../../shared/spec/routes.tsv"), "utf8");
    } catch {
      return;
    }
    expect(text.trim()).toBe(readFileSync(path.join(here, "../routes.tsv"), "utf8").trim());
  });
});
