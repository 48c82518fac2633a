import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "e2e",
    environment: "node",
    include: ["**/*.e2e.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Journeys each start their own server and browser: run files one at a time on small machines.
    fileParallelism: false,
  },
});
