import path from "node:path";
import { fileURLToPath } from "node:url";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { chromiumBrowser, optimizeDeps, repoRoot } from "../ui/vitest.browser.ts";

const portalDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Project "portal-browser": screens rendered in Chromium (`src/**\/*.browser.test.tsx`) against the API
 * mocked by msw's service worker (served from test/public, never shipped with the portal's build).
 */
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  // Screenshots to look at are taken only on request (HERALD_SCREENSHOT_DIR set), as in the journeys: each one
  // costs ~0.3 s of a shared 2-core machine and nothing compares them.
  define: { __HERALD_SHOTS__: JSON.stringify(Boolean(process.env.HERALD_SCREENSHOT_DIR)) },
  optimizeDeps: {
    include: [
      ...optimizeDeps.include,
      "msw",
      "msw/browser",
      "axe-core",
      "react",
      "react-dom",
      "react-dom/client",
      "react-router",
      "@tanstack/react-query",
      "@tanstack/react-virtual",
      "radix-ui",
      "date-fns",
    ],
  },
  root: portalDir,
  publicDir: path.join(portalDir, "test/public"),
  test: {
    name: "portal-browser",
    include: ["src/**/*.browser.test.tsx"],
    browser: chromiumBrowser(),
    attachmentsDir: path.join(repoRoot, ".vitest-attachments"),
    // Long journeys through a wizard on a busy CI machine (two cores shared with the server tests).
    testTimeout: 60_000,
  },
});
