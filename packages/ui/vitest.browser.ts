import path from "node:path";
import { fileURLToPath } from "node:url";
import { playwright } from "@vitest/browser-playwright";

export const uiDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(uiDir, "../..");

/**
 * Browser-mode settings for the ui projects: Debian's Chromium, headless. A factory, so that each project
 * gets its own object (Vitest mutates what it is given).
 */
/** Runtime helpers that vanilla-extract's recipes and sprinkles import: pre-bundled up front, so that Vite
 * does not discover them mid-run and reload the test page. */
export const optimizeDeps = {
  include: ["@vanilla-extract/recipes/createRuntimeFn", "@vanilla-extract/sprinkles/createRuntimeSprinkles"],
};

export function chromiumBrowser() {
  return {
    enabled: true,
    headless: true,
    provider: playwright({
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
        args: [
          "--no-sandbox",
          "--disable-gpu",
          "--disable-quic",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
        ],
      },
    }),
    instances: [{ browser: "chromium" as const }],
    // Screenshot baselines of key stories (see .storybook/screenshots.ts) are committed here.
    expect: {
      toMatchScreenshot: {
        resolveScreenshotPath: ({
          arg,
          ext,
          browserName,
        }: {
          arg: string;
          ext: string;
          browserName: string;
        }) => path.join(uiDir, "__screenshots__", `${arg}-${browserName}${ext}`),
      },
    },
  };
}
