import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium (CHROME_PATH overrides) with a fresh profile. */
export async function launchBrowser(): Promise<BrowserContext> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), "herald-chromium-"));
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
  });
}
