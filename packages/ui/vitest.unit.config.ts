import path from "node:path";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { chromiumBrowser, optimizeDeps, repoRoot, uiDir } from "./vitest.browser.ts";

/** Project "ui": unit tests of ui components (`src/**\/*.test.tsx`) for what stories cannot show, in Chromium. */
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  optimizeDeps,
  root: uiDir,
  test: {
    name: "ui",
    include: ["src/**/*.test.{ts,tsx}"],
    browser: chromiumBrowser(),
    // Actual and diff images of failed screenshot comparisons (git-ignored).
    attachmentsDir: path.join(repoRoot, ".vitest-attachments"),
  },
});
