import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Text formats worth compressing; images other than the icon are already compressed, maps are not sent. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|ico|json|txt|webmanifest|xml)$/;

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside every compressible file of the build, so the
 * server sends them as they are instead of compressing on each request (node:zlib; no extra dependency).
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "herald:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), precompress()],
  build: {
    outDir: "dist",
    // dist/.vite/manifest.json: the chunk graph, from which a test sums the signed-in home's critical path.
    manifest: true,
    // Maps are written for error reports and debugging but not referenced from the scripts, so browsers
    // never download them.
    sourcemap: "hidden",
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // One long-lived chunk for the framework every page needs; the rest splits by route.
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The virtual scroller is shared by the inbox and the tables: its own small chunk, so that the
            // inbox does not pull the table component with it.
            { name: "virtual", test: /node_modules[\\/]@tanstack[\\/](react-virtual|virtual-core)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000", "/_sandbox": "http://localhost:3000" } },
});
