import path from "node:path";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vitest/config";
import { chromiumBrowser, optimizeDeps, repoRoot } from "./vitest.browser.ts";

/**
 * Project "storybook": every story in .storybook/main.ts's `stories` globs is a test, rendered in Chromium,
 * its play function run, checked with axe, and (when tagged "screenshot") compared with its baselines.
 * The ui unit tests are the project "ui" in vitest.unit.config.ts.
 */
export default defineConfig({
  plugins: [storybookTest({ configDir: path.join(repoRoot, ".storybook") }), vanillaExtractPlugin()],
  optimizeDeps,
  root: repoRoot,
  test: {
    name: "storybook",
    browser: chromiumBrowser(),
    // Actual and diff images of failed screenshot comparisons (git-ignored).
    attachmentsDir: path.join(repoRoot, ".vitest-attachments"),
    setupFiles: [path.join(repoRoot, ".storybook/vitest.setup.ts")],
  },
});
