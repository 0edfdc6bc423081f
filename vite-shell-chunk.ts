import { fileURLToPath } from "node:url";

type ModuleInfo = { importedIds: readonly string[] } | null;

const APP = fileURLToPath(new URL("./app/", import.meta.url));
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx(\?|$)/;
let shell: Set<string> | null = null;

/**
 * Rollup's manualChunks for the browser build (docs/decisions/0025): the site's own modules that
 * the root route imports statically (the shell's components, i18n, small helpers) go into one
 * chunk. Every page loads all of them anyway; as a dozen chunks, each compressed alone, they cost
 * about 5 KB gzip more and as many requests. Modules only some routes use keep Vite's splitting.
 */
export function shellChunk(
  id: string,
  { getModuleIds, getModuleInfo }: { getModuleIds: () => IterableIterator<string>; getModuleInfo: (id: string) => ModuleInfo },
): string | undefined {
  if (!shell) {
    const root = [...getModuleIds()].find((m) => ROOT_ROUTE.test(m));
    if (!root) return undefined;
    shell = new Set();
    const stack = [root];
    while (stack.length) {
      const current = stack.pop()!;
      if (shell.has(current)) continue;
      shell.add(current);
      for (const next of getModuleInfo(current)?.importedIds ?? []) if (next.startsWith(APP)) stack.push(next);
    }
  }
  return shell.has(id) && /\.(tsx?|json)(\?|$)/.test(id) ? "shell" : undefined;
}
