import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "portal-unit", environment: "node", include: ["src/**/*.test.ts"] },
});
