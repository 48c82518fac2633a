import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { apiArea } from "./api-area";

const here = path.dirname(fileURLToPath(import.meta.url));
const contract = readFileSync(path.resolve(here, "../../../openapi.yaml"), "utf8");

/** Every path of openapi.yaml with the security of its operations ("operatorAuth", "none" or "bearerAuth"). */
function paths(): { path: string; security: string }[] {
  const out: { path: string; security: string }[] = [];
  const lines = contract.split("\n");
  const start = lines.indexOf("paths:");
  let current: string | null = null;
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break;
    const p = /^ {2}(\/\S*):\s*$/.exec(line);
    if (p) {
      current = p[1]!;
      out.push({ path: current, security: "bearerAuth" });
      continue;
    }
    const last = out.at(-1);
    if (!last) continue;
    if (/^ {6}security: \[\]/.test(line)) last.security = "none";
    if (/^ {8}- operatorAuth:/.test(line)) last.security = "operatorAuth";
  }
  return out;
}

describe("apiArea", () => {
  it("sends the operator's token to the console's calls, none to the three that start its session, and the user's to the rest", () => {
    expect(apiArea("/operator/companies")).toBe("operator");
    expect(apiArea("/operator/companies/{id}/credit")).toBe("operator");
    expect(apiArea("/operator/logout")).toBe("operator");
    expect(apiArea("/operator/login")).toBe("none");
    expect(apiArea("/operator/verifyOtp")).toBe("none");
    expect(apiArea("/operator/activate")).toBe("none");
    expect(apiArea("/userList")).toBe("company");
    expect(apiArea("/senderIdRegistry")).toBe("company");
    expect(apiArea("/auditLog/export")).toBe("company");
    expect(apiArea("/operatorish")).toBe("company");
  });

  it("agrees with the contract: every operatorAuth call is the operator's, and no company call is", () => {
    const all = paths();
    expect(all.length).toBeGreaterThan(100);
    const operator = all.filter((p) => p.security === "operatorAuth").map((p) => p.path);
    expect(operator.length).toBeGreaterThanOrEqual(20);
    for (const p of operator) expect(apiArea(p), p).toBe("operator");
    for (const p of all.filter((x) => x.path.startsWith("/operator/") && x.security === "none"))
      expect(apiArea(p.path), p.path).toBe("none");
    for (const p of all.filter((x) => !x.path.startsWith("/operator")))
      expect(apiArea(p.path), p.path).toBe("company");
  });
});
