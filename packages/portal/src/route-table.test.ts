import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { documentTitle, isOperatorPath, routeTable } from "./route-table";

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
  const specified = routeTable.filter((entry) => !entry.added);

  it("mirrors routes.tsv one to one: same paths, guards and screens, in order", () => {
    expect(specified).toHaveLength(rows.length);
    rows.forEach((row, i) => {
      const entry = specified[i]!;
      if (row.route === "(path not shown)") expect(entry.designed).toBe(true);
      else expect(entry.path).toBe(row.route);
      expect(entry.guard).toBe(row.guard);
      expect(entry.screen).toBe(row.screen);
    });
  });

  it("adds only designed pages beside routes.tsv: the credit statement, the legal pages, the channel connect page, the audit log, the sender IDs and the operator's console", () => {
    const added = routeTable.filter((entry) => entry.added);
    expect(added.map((entry) => [entry.path, entry.guard, entry.designed])).toEqual([
      ["/legal/terms", "public", true],
      ["/legal/privacy", "public", true],
      ["/user-manage/audit-log", "admin", true],
      ["/credit-mgt/statement", "login", true],
      ["/sms-mgt/sender-ids", "admin", true],
      ["/apps/channel-management/connect", "admin", true],
      ["/operator/activate", "public", true],
      ["/operator/login", "public", true],
      ["/operator", "operator", true],
      ["/operator/companies", "operator", true],
      ["/operator/companies/:id", "operator", true],
      ["/operator/topups", "operator", true],
      ["/operator/sender-ids", "operator", true],
      ["/operator/numbers", "operator", true],
      ["/operator/unrouted", "operator", true],
      ["/operator/audit", "operator", true],
    ]);
  });

  it("keeps the operator's console under /operator, behind its own guard, and names it in the title", () => {
    for (const entry of routeTable) {
      if (entry.guard === "operator") expect(isOperatorPath(entry.path), entry.path).toBe(true);
      if (isOperatorPath(entry.path)) expect(["operator", "public"], entry.path).toContain(entry.guard);
    }
    expect(documentTitle("Companies", "/operator/companies")).toBe("Companies · Herald operator console");
    expect(documentTitle("Operator sign-in", "/operator/login")).toBe(
      "Operator sign-in · Herald operator console",
    );
    expect(documentTitle("Audit log", "/user-manage/audit-log")).toBe("Audit log · Herald");
  });

  it("gives every page a human title, and every signed-in screen a description and a picture", () => {
    const titles = new Map(routeTable.map((entry) => [entry.path, documentTitle(entry.title)]));
    expect(titles.get("/user-manage/users-list")).toBe("Users · Herald");
    expect(titles.get("/login")).toBe("Sign in · Herald");
    expect(titles.get("/user-manage/user-edit/:id/user-credit")).toBe("User credit · Herald");
    expect(titles.get("*")).toBe("Page not found · Herald");
    for (const entry of routeTable) {
      expect(entry.title, entry.path).toMatch(/^[A-Z][^()]*$/);
      if (entry.guard === "public" || entry.path === "/") continue;
      expect(entry.about, entry.path).toMatch(/^[A-Z].{20,}\.$/);
      expect(entry.icon, entry.path).toBeTruthy();
    }
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
