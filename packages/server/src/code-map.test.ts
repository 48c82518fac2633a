import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

describe("docs/code-map.md", () => {
  it("is what `npm run code-map` makes from the sources today (run it after moving a screen, call, table or job)", async () => {
    const { makeCodeMap } = (await import(path.join(root, "scripts/code-map.mjs"))) as {
      makeCodeMap: () => string;
    };
    const made = makeCodeMap();
    expect(readFileSync(path.join(root, "docs/code-map.md"), "utf8")).toBe(made);
    // It names every operation of the contract and every screen of the portal.
    const spec = readFileSync(path.join(root, "openapi.yaml"), "utf8");
    for (const [, id] of spec.matchAll(/operationId: (\w+)/g)) expect(made).toContain(`| \`${id}\` |`);
    expect(made).toContain("| `/sms/compose` | routes/sms/compose.tsx |");
  });
});
