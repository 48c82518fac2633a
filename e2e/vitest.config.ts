import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "e2e",
    environment: "node",
    include: ["**/*.e2e.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // A journey waits on a real server and browser: on a loaded 2-core machine a screen's first answer can
    // take several seconds, so a poll gives up after 15 s rather than vitest's default 1 s.
    expect: { poll: { timeout: 15_000 } },
    // Journeys each start their own server and browser; two files at a time (a 2-core CI machine runs the
    // whole journey set in ~2/3 of the serial time, and polls allow 15 s for a loaded machine).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
