import { chmodSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/** chmod that leaves alone what belongs to another user (its owner chose its mode). */
function tighten(file: string, mode: number): void {
  try {
    chmodSync(file, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") throw err;
  }
}

/**
 * Creates a directory only its owner may enter (0700), and tightens it when it already exists: the data
 * directory holds the embedded database (with reset links and codes in its write-ahead log) and the
 * generated JWT secret.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir, 0o700);
}

/**
 * Sets every file under `dir` to 0600 and every directory to 0700. The embedded database's file layer
 * creates its files world-readable (0666, whatever the umask); the private parent directory already keeps
 * other users out, and this takes the files themselves back to owner-only at every open and close.
 */
export function restrictTree(dir: string): void {
  tighten(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) restrictTree(full);
    else if (entry.isFile()) tighten(full, 0o600);
  }
}
