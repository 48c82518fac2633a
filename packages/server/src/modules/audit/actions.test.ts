import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AUDIT_AREAS, auditAreaOf } from "@herald/domain";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, summarise } from "./actions";

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The action codes the server's code records (`action: "user.created"`, and sender_id.${to}'s states). */
function recordedActions(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")) {
        const text = readFileSync(full, "utf8");
        for (const m of text.matchAll(/\baction: "([a-z0-9_]+\.[a-z0-9_]+)"/g)) found.add(m[1]!);
        for (const m of text.matchAll(/\baction: grant \? "([a-z0-9_.]+)" : "([a-z0-9_.]+)"/g)) {
          found.add(m[1]!);
          found.add(m[2]!);
        }
      }
    }
  };
  walk(src);
  return found;
}

describe("the action catalogue and the audit log's areas", () => {
  it("puts every action in one of the areas the audit logs filter by, and every area has actions", () => {
    for (const action of Object.keys(AUDIT_ACTIONS)) expect(auditAreaOf(action), action).not.toBeNull();
    for (const area of AUDIT_AREAS)
      expect(
        Object.keys(AUDIT_ACTIONS).some((a) => a.startsWith(area.prefix)),
        area.prefix,
      ).toBe(true);
  });

  it("has words for every action the server records", () => {
    const recorded = recordedActions();
    expect(recorded.size).toBeGreaterThan(30);
    expect(recorded).toContain("company.prices_changed");
    expect([...recorded].filter((a) => !Object.hasOwn(AUDIT_ACTIONS, a))).toEqual([]);
    expect(summarise("operator.activated", "Olive Ops")).toBe("Activated the operator account of Olive Ops");
  });

  it("names no target twice: the operator's own sign-in, a top-up request by its requester", () => {
    expect(summarise("operator.signed_in", "olive@herald.example")).toBe("Signed in to the operator console");
    expect(summarise("operator.sign_in_failed", "olive@herald.example")).toBe(
      "Failed to sign in to the operator console as olive@herald.example",
    );
    expect(summarise("topup.granted", "Ada Tan <ada@example.com>")).toBe(
      "Granted the top-up request of Ada Tan <ada@example.com>",
    );
  });
});
