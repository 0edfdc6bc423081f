import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)), "@contracts": fileURLToPath(new URL("./contracts", import.meta.url)) },
  },
  test: {
    include: [
      "app/**/*.test.ts",
      "contracts/**/*.test.ts",
      "app/**/*.test.tsx",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "bench/**/*.test.ts",
      "tests/api/**/*.test.ts",
      "tests/system/**/*.test.ts",
    ],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // The web fonts' rules are read as text by the server (app/fonts/page-font-faces.server.ts).
    css: { include: [/app\/fonts\/generated\/.*\.css/] },
  },
});
