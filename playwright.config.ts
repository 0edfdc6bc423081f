import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./tests/support/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const GOOGLE_PORT = Number(process.env.E2E_GOOGLE_PORT ?? 3212);
export const E2E_GOOGLE_CLIENT_ID = "e2e-client.apps.googleusercontent.com";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: chromium,
      args: CHROMIUM_FLAGS,
    },
    trace: "off",
  },
  webServer: [
    {
      command: "node build/server/index.js",
      url: `http://127.0.0.1:${PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      // Stop it as an operator would, so it stops its embedded PostgreSQL too (SIGKILL would leave it running).
      gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: ".tmp/e2e-data",
        LOG_LEVEL: "warn",
        // Tests play distinct visitors through X-Forwarded-For (tests/e2e/fixtures.ts).
        TRUSTED_PROXIES: "loopback",
        SITE_ORIGIN: `http://127.0.0.1:${PORT}`,
        // Another mode's hosts: official everywhere (/links, /verify), while this mode serves 127.0.0.1.
        LANGUAGE_HOSTS: JSON.stringify({ pro: { en: "https://www.facetbrowser.com", zh: "https://www.facetbrowser.cn" } }),
        // One-tap against the local stand-in for Google's key set (tests/e2e/stand-ins/google-keys.mjs).
        GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
        GOOGLE_JWKS_URL: `http://127.0.0.1:${GOOGLE_PORT}/oauth2/v3/certs`,
        APP_LOGIN_URL: "https://app.facetbrowser.example/login",
        // Scheduled content goes live within a second, so the staff scenario need not wait 15 s.
        CONTENT_PUBLISH_POLL_MS: "1000",
      },
    },
    {
      command: "node tests/e2e/stand-ins/google-keys.mjs",
      url: `http://127.0.0.1:${GOOGLE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_GOOGLE_PORT: String(GOOGLE_PORT) },
    },
  ],
});
