import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts"],
    globalSetup: ["./src/test/global-setup.ts"],
    // One migrated database per worker, shared by every test file of that worker (each test makes its own
    // company, so tenancy isolates tests): files run in the same module graph instead of re-creating PGlite.
    pool: "forks",
    isolate: false,
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
