import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "./node-version";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");

describe("Node.js version check", () => {
  it("refuses Node.js older than 22.12 with one sentence", () => {
    expect(nodeVersionProblem("20.19.0")).toBe(
      "Herald needs Node.js 22.12 or newer (this is Node.js 20.19.0); install Node.js 24 LTS and start it again.",
    );
    expect(nodeVersionProblem("v22.11.0")).toMatch(/^Herald needs Node\.js 22\.12 or newer/);
    expect(nodeVersionProblem("22.12.0")).toBeUndefined();
    expect(nodeVersionProblem("24.1.0")).toBeUndefined();
    expect(nodeVersionProblem(process.versions.node)).toBeUndefined();
  });

  it("runs before turbo and the build in npm start and npm run dev, with the same sentence", () => {
    const scripts = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts;
    expect(scripts.start).toMatch(/^node scripts\/check-node\.mjs && turbo /);
    expect(scripts.dev).toMatch(/^node scripts\/check-node\.mjs && turbo /);
    const run = (version: string) =>
      spawnSync(process.execPath, ["scripts/check-node.mjs"], {
        cwd: root,
        env: { ...process.env, HERALD_NODE_VERSION: version },
        encoding: "utf8",
      });
    const old = run("20.19.0");
    expect(old.status).toBe(1);
    expect(old.stderr.trim()).toBe(nodeVersionProblem("20.19.0"));
    expect(run("22.11.9").status).toBe(1);
    const fine = run("22.12.0");
    expect(fine.status).toBe(0);
    expect(fine.stderr).toBe("");
  });

  it("is all the server entry loads before checking", () => {
    const source = readFileSync(path.join(here, "main.ts"), "utf8");
    const staticImports = [...source.matchAll(/^import (?!type )[^;]*from "([^"]+)"/gm)].map((m) => m[1]);
    expect(staticImports).toEqual(["./node-version"]);
  });
});
