#!/usr/bin/env node
// Builds Storybook into a temporary folder and checks that it lists every ui component that has stories.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const out = mkdtempSync(path.join(tmpdir(), "herald-storybook-"));
const r = spawnSync("npx", ["storybook", "build", "--quiet", "-o", out], {
  stdio: ["ignore", "ignore", "inherit"],
});
if (r.status !== 0) {
  console.error("storybook build failed");
  process.exit(r.status ?? 1);
}
const index = JSON.parse(readFileSync(path.join(out, "index.json"), "utf8"));
const titles = new Set(Object.values(index.entries).map((e) => e.title.split("/").at(-1)));
const dir = "packages/ui/src/components";
const expected = readdirSync(dir).filter((name) => existsSync(path.join(dir, name, `${name}.stories.tsx`)));
const missing = expected.filter((name) => !titles.has(name));
if (missing.length > 0) {
  console.error(`Storybook does not list: ${missing.join(", ")}`);
  process.exit(1);
}
console.log(`Storybook lists all ${expected.length} components with stories (${titles.size} titles)`);
