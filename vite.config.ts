import { gzipAsync } from "@gfx/zopfli";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { constants as zlib } from "node:zlib";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { shellChunk } from "./vite-shell-chunk";

// The server build's entry is our Express boot module, so one `node build/server/index.js`
// runs the whole site (API, health checks, SSR) from compiled code.
// react-router's package exports only its development build to bundlers and Node: it keeps its
// dev warnings (and their strings) and checks on every render. Both builds take the production
// build instead (docs/decisions/0021, measured with --cpu-prof; 0025, 0.6 KB less first-load JS).
const reactRouterBuild = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

// Browser assets are compressed once at build time (docs/decisions/0025): gzip by zopfli (about
// 4 % smaller than zlib's best, still any browser's gzip) and brotli at its best quality. The
// server sends these files as they are (express-static-gzip) instead of compressing per request.
const zopfliGzip = defineAlgorithm(async (buffer) => Buffer.from(await gzipAsync(Buffer.from(buffer as Uint8Array), { numiterations: 5 })), {});
const brotliBest = defineAlgorithm("brotliCompress", { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } });

export default defineConfig(({ isSsrBuild, command }) => ({
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      { find: "@contracts", replacement: fileURLToPath(new URL("./contracts", import.meta.url)) },
      ...(command === "build"
        ? [
            { find: /^react-router$/, replacement: reactRouterBuild("index.mjs") },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild("dom-export.mjs") },
          ]
        : []),
    ],
  },
  // Pure-ESM dependencies made of many small files are bundled into the server build: Node 20
  // has no compile cache and resolved, read and compiled each at every start, and
  // react-day-picker's locale entry made it load every date-fns locale (0.62 s alone; the build
  // keeps the fifteen the calendars use). npm start: 2.5-3.3 s -> 1.7-1.9 s (docs/decisions/0024).
  // CommonJS, native and file-reading packages (express, pg, pino, sharp...) stay external.
  ssr: {
    noExternal: [
      "react-day-picker",
      "date-fns",
      "@date-fns/tz",
      "zod",
      "drizzle-orm",
      "jose",
      /^(unified|bail|trough|is-plain-obj|devlop|vfile.*|unist-.*|mdast-.*|micromark.*|hast-.*|hastscript|remark-.*|rehype-.*|property-information|space-separated-tokens|comma-separated-tokens|zwitch|html-void-elements|stringify-entities|character-entities.*|character-reference-invalid|is-.*|ccount|longest-streak|markdown-table|decode-named-character-reference|web-namespaces|parse5|entities|github-slugger|trim-lines|trim-trailing-lines|escape-string-regexp|html-whitespace-sensitive-tag-names|extend|unist-builder)$/,
    ],
  },
  build: {
    // Fonts stay files however small: inlined, a font would be in every page's stylesheet instead of
    // fetched only when text needs it (the language names' subsets are 1-2 KB each).
    assetsInlineLimit: (file: string) => (file.endsWith(".woff2") ? false : undefined),
    rollupOptions: isSsrBuild ? { input: "./server/main.ts" } : { output: { manualChunks: shellChunk } },
    // Browser code is minified by terser, two passes: 4-5 KB (gzip) less first-load JavaScript than
    // esbuild's minifier, for a few seconds more of build (docs/decisions/0045).
    ...(isSsrBuild ? {} : { minify: "terser" as const, terserOptions: { compress: { passes: 2 }, module: true, ecma: 2020 as const } }),
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    ...(isSsrBuild ? [] : [compression({ algorithms: [zopfliGzip, brotliBest], include: /\.(js|css|svg|json|txt|xml)$/, threshold: 0, logLevel: "silent" })]),
  ],
}));
