import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The server build's entry is our Express boot module, so one `node build/server/index.js`
// runs the whole site (API, health checks, SSR) from compiled code.
export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/main.ts" } : undefined,
  },
  plugins: [tailwindcss(), reactRouter()],
}));
