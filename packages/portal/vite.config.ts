import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 800 },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000", "/_sandbox": "http://localhost:3000" } },
});
