import type { Plugin } from "vite";

const SIGNATURE = "function compilePath(path, caseSensitive = false, end = true) {";

/**
 * Server build only: React Router compiles a route's path into a RegExp each time it tries to
 * match it, and the server matches every request against about ninety routes several times (the
 * request handler, the static router, the links and scripts). The compiled pattern depends only
 * on the path and two flags, so it is kept per process: 1-10 % more rendered pages per second in
 * most A/B pairs (docs/decisions/0021). The build fails if react-router's code no longer has the
 * function as written, so an upgrade cannot drop this silently.
 */
export function memoizedRoutePatterns(): Plugin {
  let rewritten = false;
  return {
    name: "memoized-route-patterns",
    apply: "build",
    transform(code, id) {
      if (!id.includes("/node_modules/react-router/dist/production/") || !code.includes(SIGNATURE)) return null;
      rewritten = true;
      return {
        code: code.replace(
          SIGNATURE,
          `const compiledPatterns = new Map();
function compilePath(path, caseSensitive = false, end = true) {
  const key = (caseSensitive ? "1" : "0") + (end ? "1" : "0") + path;
  let compiled = compiledPatterns.get(key);
  if (!compiled) compiledPatterns.set(key, (compiled = compilePathOnce(path, caseSensitive, end)));
  return compiled;
}
function compilePathOnce(path, caseSensitive = false, end = true) {`,
        ),
        map: null,
      };
    },
    buildEnd() {
      if (!rewritten) this.error(`react-router's compilePath was not found as "${SIGNATURE}": update vite-route-patterns.ts`);
    },
  };
}
