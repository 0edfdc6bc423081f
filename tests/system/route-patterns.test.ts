/**
 * vite-route-patterns.ts: the server build's rewrite of React Router's compilePath finds the
 * function in the installed react-router, keeps its behaviour, and fails the build when it is gone.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { memoizedRoutePatterns } from "../../vite-route-patterns";

type Hooks = { transform: (code: string, id: string) => { code: string } | null; buildEnd: (this: { error: (m: string) => never }) => void };
const productionDir = path.resolve("node_modules/react-router/dist/production");
const chunk = fs
  .readdirSync(productionDir)
  .map((name) => path.join(productionDir, name))
  .find((file) => file.endsWith(".mjs") && fs.readFileSync(file, "utf8").includes("function compilePath("))!;

describe("memoized route patterns", () => {
  it("rewrites the installed react-router's compilePath to compile each pattern once", async () => {
    const plugin = memoizedRoutePatterns() as unknown as Hooks;
    const result = plugin.transform(fs.readFileSync(chunk, "utf8"), chunk);
    expect(result).not.toBeNull();
    // Run the rewritten function on its own: same answers, and the same object the second time.
    const source = result!.code;
    const start = source.indexOf("const compiledPatterns = new Map();");
    const end = source.indexOf("\nfunction ", source.indexOf("function compilePathOnce(") + 1);
    const compilePath = new Function("warning", `${source.slice(start, end)}\nreturn compilePath;`)(() => undefined) as (
      p: string,
      c?: boolean,
      e?: boolean,
    ) => [RegExp, { paramName: string }[]];
    const [matcher, params] = compilePath("blog/:id");
    expect(matcher.exec("/blog/12")?.[1]).toBe("12");
    expect(params.map((p) => p.paramName)).toEqual(["id"]);
    expect(compilePath("blog/:id")).toBe(compilePath("blog/:id"));
    expect(compilePath("blog/:id", false, false)).not.toBe(compilePath("blog/:id"));
    expect(compilePath("Pricing", true)[0].test("/pricing")).toBe(false);
    expect(compilePath("Pricing")[0].test("/pricing")).toBe(true);
  });

  it("leaves other modules alone and fails the build when the function is not found", () => {
    const plugin = memoizedRoutePatterns() as unknown as Hooks;
    expect(plugin.transform("function compilePath(path) {}", "/app/x.ts")).toBeNull();
    expect(() => plugin.buildEnd.call({ error: (m: string) => { throw new Error(m); } })).toThrow(/compilePath was not found/);
  });
});
