import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
  // ANALYZE=1: source maps, for scripts/bench.ts to attribute bytes to modules.
  build: { sourcemap: process.env.ANALYZE === "1" },
});
