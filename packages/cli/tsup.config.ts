import { defineConfig } from "tsup";

// One file that runs without node_modules: every dependency is bundled.
export default defineConfig({
  entry: { herald: "src/herald.ts" },
  format: ["esm"],
  target: "node22",
  platform: "node",
  outDir: "dist",
  clean: true,
  noExternal: [/.*/],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
