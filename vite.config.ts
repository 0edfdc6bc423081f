import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { shellChunk } from "./vite-shell-chunk";

// The server build's entry is our Express boot module, so one `node build/server/index.js`
// runs the whole site (API, health checks, SSR) from compiled code.
// react-router's package exports only its development build to Node (no "production" condition):
// it checks and warns on every render. The server build bundles the production build instead
// (docs/decisions/0021; measured with --cpu-prof).
const reactRouterProduction = fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url));

export default defineConfig(({ isSsrBuild, command }) => ({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      ...(isSsrBuild && command === "build" ? { "react-router": reactRouterProduction } : {}),
    },
  },
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/main.ts" } : { output: { manualChunks: shellChunk } },
  },
  plugins: [tailwindcss(), reactRouter()],
}));
