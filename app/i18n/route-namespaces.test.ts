/**
 * Per-route messages (docs/decisions/0025): the browser gets the shell's sections with every page
 * and each route's own with that route's data. This reads the source to check that every page
 * route declares exactly the sections its components and meta use (one missing would render
 * keys, one extra would send another page's words), and that the root sends exactly what the
 * shell uses.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NAMESPACES, SHELL_MESSAGES, type MessageSelector, type Namespace } from "./namespaces";
import * as PAGE_FAMILIES from "./page-messages";

const APP = path.resolve("app");
const ROUTES = path.join(APP, "routes");

const english = Object.fromEntries(
  NAMESPACES.map((ns) => [ns, JSON.parse(fs.readFileSync(path.join(APP, "locales/en", `${ns}.json`), "utf8")) as Record<string, unknown>]),
) as Record<Namespace, Record<string, unknown>>;

/**
 * Comments that start a line out of the way, so that an example in a comment is not read as code
 * (only those: a glob in a string, slash star slash, would look like the start of one).
 */
function code(file: string): string {
  return fs
    .readFileSync(file, "utf8")
    .replace(/^\s*\/\*[\s\S]*?\*\//gm, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

/** The text between the parenthesis at `open` and its partner. */
function inside(src: string, open: number): string {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === "(") depth++;
    else if (src[i] === ")" && --depth === 0) return src.slice(open + 1, i);
  }
  return "";
}

/** Top-level arguments of a call's argument text. */
function splitArgs(args: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < args.length; i++) {
    const c = args[i]!;
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === "," && depth === 0) {
      out.push(args.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(args.slice(start).trim());
  return out;
}

/**
 * What a key expression reaches: for each string or template literal in it ("faq.title",
 * `pages.${type}.title`, cond ? "a.x" : "b.y"), its namespace and the static segments before the
 * last, at most two ("product.faq", "common.pages", "common.pages.faq"); the whole namespace when
 * a key starts with no literal segment. Segments that are no part of the English file (a word
 * compared in a condition) are no key.
 */
function selectorsFor(ns: Namespace, keyExpression: string): MessageSelector[] {
  const found: MessageSelector[] = [];
  for (const [, literal, next] of keyExpression.matchAll(/["'`](\w+(?:\.\w+)*)(\.?\$\{|["'`])/g)) {
    const segments = literal!.split(".");
    // `pages.${type}.title`: every static segment leads further; "faq.title": the last is the key.
    const parents = next!.endsWith("{") ? segments : segments.slice(0, -1);
    let node: unknown = english[ns];
    const path: string[] = [];
    for (const segment of parents.slice(0, 2)) {
      node = node && typeof node === "object" ? (node as Record<string, unknown>)[segment] : undefined;
      if (typeof node !== "object") break;
      path.push(segment);
    }
    if (path.length) found.push(`${ns}.${path.join(".")}` as MessageSelector);
    else if (segments.length === 1 && segments[0]! in english[ns]) found.push(`${ns}.${segments[0]}` as MessageSelector);
  }
  return found.length ? found : [ns];
}

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(APP, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null; // a package
  if (!base.startsWith(APP + path.sep)) return null; // server code: loaders, not rendered
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** What one piece of code asks for itself: t(…) of each useTranslation binding, message(…), sectionMeta(…). */
function selectorsIn(src: string, file: string): Set<MessageSelector> {
  const found = new Set<MessageSelector>();
  const add = (list: MessageSelector[]) => list.forEach((s) => found.add(s));
  // `const { t } = useTranslation("help")`, `const { t: tc } = useTranslation()`: each name holds
  // its namespace until the same name is bound again further down.
  const bindings = [...src.matchAll(/const\s*\{\s*t(?:\s*:\s*(\w+))?\s*\}\s*=\s*useTranslation\(\s*(?:"(\w+)")?\s*\)/g)].map((m) => ({
    name: m[1] ?? "t",
    ns: (m[2] ?? "common") as Namespace,
    at: m.index!,
  }));
  for (const binding of bindings) {
    const end = bindings.find((b) => b.name === binding.name && b.at > binding.at)?.at ?? src.length;
    for (const call of src.slice(binding.at, end).matchAll(new RegExp(`(?<![\\w.])${binding.name}\\(`, "g"))) {
      const open = binding.at + call.index! + binding.name.length;
      add(selectorsFor(binding.ns, splitArgs(inside(src, open))[0] ?? ""));
    }
  }
  // Meta functions: message(data, key[, "ns"]), and sectionMeta(args, titleKey, introKey) of common.
  for (const call of src.matchAll(/(?<![\w.]|function )message\(/g)) {
    const [, key = "", ns = '"common"'] = splitArgs(inside(src, call.index! + "message".length));
    // A key passed in by name is its caller's (sectionMeta's callers, below).
    if (/^\w+$/.test(key)) continue;
    const namespace = /^"(\w+)"$/.exec(ns)?.[1];
    expect(NAMESPACES, `${file}: message(…, ${key}, ${ns}) names no namespace`).toContain(namespace);
    add(selectorsFor(namespace as Namespace, key));
  }
  for (const call of src.matchAll(/(?<![\w.]|function )sectionMeta\(/g)) {
    for (const key of splitArgs(inside(src, call.index! + "sectionMeta".length)).slice(1, 3)) if (/^["`]/.test(key)) add(selectorsFor("common", key));
  }
  return found;
}

/**
 * A module as top-level declarations (a line at column 0 that starts a function, const, let or
 * class: the project's formatting), so that importing one export of a file counts only what that
 * export reaches, not everything else the file holds.
 */
interface Declaration {
  names: string[];
  text: string;
}
interface ModuleFacts {
  declarations: Declaration[];
  /** Local name → the module and export it was imported as ("*" for a namespace import). */
  imports: Map<string, { file: string; name: string }>;
  /** Modules loaded later with import("…"), by the declaration that loads them. */
  lazy: Map<Declaration, string[]>;
}

const facts = new Map<string, ModuleFacts>();

function factsOf(file: string): ModuleFacts {
  let found = facts.get(file);
  if (found) return found;
  const src = code(file);
  const imports = new Map<string, { file: string; name: string }>();
  for (const [, typeOnly, clause, spec] of src.matchAll(/^import\s+(type\s+)?([\s\S]*?)\s+from\s+"([^"]+)";/gm)) {
    const target = typeOnly ? null : resolveImport(file, spec!);
    if (!target) continue;
    const named = /\{([\s\S]*)\}/.exec(clause!)?.[1];
    for (const part of named?.split(",") ?? []) {
      const m = /^\s*(?:type\s+)?(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(part);
      if (m && !/^\s*type\s/.test(part)) imports.set(m[2] ?? m[1]!, { file: target, name: m[1]! });
    }
    const byDefault = /^(\w+)/.exec(clause!)?.[1];
    if (byDefault) imports.set(byDefault, { file: target, name: "default" });
    const whole = /\*\s+as\s+(\w+)/.exec(clause!)?.[1];
    if (whole) imports.set(whole, { file: target, name: "*" });
  }
  const starts = [...src.matchAll(/^(export\s+)?(default\s+)?(async\s+)?(function|const|let|class)\s+(\w+)/gm)];
  const declarations = starts.map((m, i) => ({
    names: [m[5]!, ...(m[2] ? ["default"] : [])],
    text: src.slice(m.index!, starts[i + 1]?.index ?? src.length),
  }));
  const lazy = new Map<Declaration, string[]>();
  for (const d of declarations) {
    const targets = [...d.text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((m) => resolveImport(file, m[1]!)).filter((t): t is string => t !== null);
    if (targets.length) lazy.set(d, targets);
  }
  found = { declarations, imports, lazy };
  facts.set(file, found);
  return found;
}

/**
 * What an export of a module reaches, through the declarations it names in its own file and the
 * exports of other modules it uses, including modules it loads later (import(): they render
 * with the page's words too). `stopAt` leaves some modules out (the routes, for the shell).
 */
function uses(entry: string, exportName = "*", stopAt?: (file: string) => boolean): Set<MessageSelector> {
  const found = new Set<MessageSelector>();
  const seen = new Set<string>();
  const visit = (file: string, name: string) => {
    const id = `${file}#${name}`;
    if (seen.has(id) || (file !== entry && stopAt?.(file))) return;
    seen.add(id);
    const f = factsOf(file);
    const chosen = name === "*" ? f.declarations : f.declarations.filter((d) => d.names.includes(name));
    for (const d of chosen) {
      const key = `${file}#decl:${f.declarations.indexOf(d)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      selectorsIn(d.text, file).forEach((s) => found.add(s));
      for (const other of f.declarations) if (other !== d && other.names.some((n) => new RegExp(`\\b${n}\\b`).test(d.text))) visit(file, other.names[0]!);
      for (const [local, from] of f.imports) if (new RegExp(`\\b${local}\\b`).test(d.text)) visit(from.file, from.name);
      for (const target of f.lazy.get(d) ?? []) visit(target, "*");
    }
  };
  visit(entry, exportName);
  return found;
}

/** The selection a route module's loader declares: every pageLoader({ messages: [...] }) in it, and the shared lists it names. */
function declared(file: string): Set<MessageSelector> {
  const src = code(file);
  const calls = [...src.matchAll(/\bmessages: \[([^\]]*)\]/g)].map(([, list]) => list!);
  for (const [name, list] of Object.entries(PAGE_FAMILIES)) if (new RegExp(`\\b${name}\\b`).test(src)) calls.push(list.map((s) => `"${s}"`).join(","));
  return new Set(calls.flatMap((list) => [...list.matchAll(/"([\w.]+)"/g)].map((m) => m[1] as MessageSelector)));
}

/** Whether `selector` is `other` or a part of it. */
const within = (selector: string, other: string) => selector === other || selector.startsWith(`${other}.`);

/** A selection without what `sent` already covers, and without parts of what it holds itself. */
function beyond(sent: readonly string[], selection: Iterable<string>): string[] {
  const list = [...new Set(selection)].filter((s) => !sent.some((o) => within(s, o)));
  return list.filter((s) => !list.some((o) => o !== s && within(s, o))).sort();
}

const isRoute = (file: string) => file.startsWith(ROUTES + path.sep);
const pageRoutes = fs
  .readdirSync(ROUTES)
  .filter((f) => f.endsWith(".tsx"))
  .map((f) => path.join(ROUTES, f))
  .filter((f) => /^export default function/m.test(code(f)) && !/^export default function \w+\(\) \{\s*return null;\s*\}/m.test(code(f)));
const shell: readonly string[] = SHELL_MESSAGES;

describe("per-route messages", () => {
  it("reads what the source asks for (the analysis itself finds known uses)", () => {
    expect([...uses(path.join(APP, "components/blog/Comments.tsx"))]).toEqual(expect.arrayContaining(["blog.comments", "errors.internal"]));
    expect([...uses(path.join(APP, "components/product/FaqPage.tsx"))]).toEqual(expect.arrayContaining(["product.faq", "common.pages.faq", "common.pages.helps"]));
    // A key with a dynamic part: what its static part reaches.
    expect([...uses(path.join(APP, "components/blog/ArticleListPage.tsx"))]).toContain("common.pages");
    // One export of a file reaches its own code, not the file's other components.
    expect([...uses(path.join(APP, "components/product/CompanyPages.tsx"), "AboutPage")]).not.toContain("product.links");
    expect([...uses(path.join(APP, "components/product/CompanyPages.tsx"), "LinksPage")]).toContain("product.links");
    // A conditional key: both sections; a word that is no section of the namespace is not one.
    expect([...uses(path.join(APP, "components/booking/BookingPage.tsx"))].filter((s) => s.startsWith("help."))).not.toContain("help.contact_from");
    expect(pageRoutes.length).toBeGreaterThan(15);
  });

  it("the root sends exactly what the shell (root.tsx and all it loads, routes aside) asks for", () => {
    expect([...SHELL_MESSAGES].sort()).toEqual(beyond([], uses(path.join(APP, "root.tsx"), "*", isRoute)));
  });

  it.each(pageRoutes.map((f) => path.relative(APP, f)))("%s declares exactly what its page uses beyond the shell", (relative) => {
    const file = path.join(APP, relative);
    const own = declared(file);
    for (const selector of own) {
      const [ns, ...parts] = selector.split(".") as [Namespace, ...string[]];
      expect(NAMESPACES, selector).toContain(ns);
      let node: unknown = english[ns];
      for (const part of parts) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
      expect(node, `${relative} declares ${selector}, which the English file does not have`).toBeDefined();
    }
    const needed = beyond(shell, uses(file));
    const sent = beyond(shell, own);
    const missing = beyond(sent, needed);
    // A part where the page needs less ("common.pages" for "common.pages.faq") sends more than it uses.
    const extra = sent.filter((s) => !needed.includes(s));
    const usesList = `its page uses ${needed.map((s) => `"${s}"`).join(", ")} beyond the shell`;
    expect(missing, `${relative} does not declare ${missing.join(", ")} (pageLoader); ${usesList}`).toEqual([]);
    expect(extra, `${relative} declares ${extra.join(", ")}, which nothing on the page uses; ${usesList}`).toEqual([]);
  });
});
