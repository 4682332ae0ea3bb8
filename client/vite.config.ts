import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The game server serves the built client on :2567; `pnpm dev` serves this with hot reload on :5173 and the
// client talks to the game server directly (see src/net/endpoint.ts).
export default defineConfig({
  plugins: [react()],
  server: { port: 5173 },
  // The budget that matters is the initial JavaScript gzipped (200 KB, checked by bench/client-bundle.bench.ts);
  // Rollup's raw-size warning would fire just under it without telling anything new.
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 700 },
});
