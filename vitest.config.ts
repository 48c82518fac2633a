import { defineConfig } from "vitest/config";

// Each package owns its projects: packages/<name>/vitest.config.ts, plus vitest.<kind>.config.ts where a
// package has more than one (packages/ui: "storybook" and "ui"). Globs let a folder without one be skipped.
export default defineConfig({
  test: {
    // Images attached to failed screenshot comparisons (git-ignored).
    attachmentsDir: ".vitest-attachments",
    projects: ["packages/*/vitest.config.ts", "packages/*/vitest.*.config.ts", "e2e/vitest.config.{ts,mts}"],
  },
});
