import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const bundle = path.join(serverRoot, "dist/main.js");

/** The newest modification time of the server's sources under `dir` (tests and their helpers aside). */
function newest(dir: string): number {
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "test") max = Math.max(max, newest(full));
    } else if (!/\.test\.ts$/.test(e.name)) max = Math.max(max, statSync(full).mtimeMs);
  }
  return max;
}

/**
 * The Node.js arguments that run `herald-server` as a process, for tests that run it as a command: the built
 * bundle (dist/main.js, with its shebang's flags, as the `herald-server` bin runs) when it is newer than every
 * source file (tests aside), as after `npm test`'s build; otherwise the sources through tsx, which compiles the whole server
 * on each start (seconds per command on a loaded machine).
 */
export function serverProcessArgs(): string[] {
  try {
    if (statSync(bundle).mtimeMs >= newest(path.join(serverRoot, "src"))) {
      const first = readFileSync(bundle, "utf8").split("\n", 1)[0] ?? "";
      const flags = /^#!\/usr\/bin\/env -S node(.*)$/.exec(first)?.[1]?.trim().split(/\s+/).filter(Boolean);
      return [...(flags ?? []), bundle];
    }
  } catch {
    /* no bundle: run the sources */
  }
  return ["--import", "tsx", "src/main.ts"];
}
