/**
 * What the importer reads as content/: the files, with documents published from the staff area
 * standing in for the file of the same path (docs/decisions/0020). Every import reads through
 * here, so an import never overwrites a staff edit and a published document goes through exactly
 * the rules a file does. The overlay is per import (AsyncLocalStorage), never process state.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { CONTENT_DIR } from "../paths.server";


/** Absolute file path → text: the documents that replace (or add to) the files during one import. */
type Overlay = ReadonlyMap<string, string>;
const overlays = new AsyncLocalStorage<Overlay>();

export const absoluteContentPath = (relative: string) => path.join(CONTENT_DIR, ...relative.split("/"));
export const relativeContentPath = (absolute: string) => path.relative(CONTENT_DIR, absolute).split(path.sep).join("/");

/** Runs an import with these documents (content-relative path → text) standing in for files. */
export function withContentOverlay<T>(documents: ReadonlyMap<string, string>, run: () => Promise<T>): Promise<T> {
  const overlay = new Map([...documents].map(([relative, text]) => [absoluteContentPath(relative), text]));
  return overlays.run(overlay, run);
}

/** Every published staff document, by content path. */
export async function publishedDocuments(db: Executor): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ path: string; published_source: string }>(
    sql`SELECT path, published_source FROM content_documents WHERE published_source IS NOT NULL`,
  );
  return new Map(rows.map((r) => [r.path, r.published_source]));
}

/** Runs an import over the files and the published documents (start-up, npm run content:import). */
export async function withPublishedDocuments<T>(db: Executor, run: () => Promise<T>): Promise<T> {
  return withContentOverlay(await publishedDocuments(db), run);
}

/**
 * Every file under a content path (a file or a folder, relative to content/) as the importer
 * would see it: the files on disk and the overlay's documents, as sorted content-relative paths.
 */
export function contentFilesUnder(relative: string): string[] {
  const root = absoluteContentPath(relative);
  const found = new Set<string>();
  const walk = (target: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(target);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) walk(path.join(target, name));
    else if (stat.isFile()) found.add(relativeContentPath(target));
  };
  walk(root);
  for (const key of overlays.getStore()?.keys() ?? []) {
    if (key === root || key.startsWith(root + path.sep)) found.add(relativeContentPath(key));
  }
  return [...found].sort();
}

/** The subset of `fs` the importer uses, seeing the overlay. */
export const contentFs = {
  readFileSync(file: string, _encoding: "utf8"): string {
    const replaced = overlays.getStore()?.get(path.resolve(file));
    return replaced ?? fs.readFileSync(file, "utf8");
  },
  existsSync(target: string): boolean {
    const overlay = overlays.getStore();
    const full = path.resolve(target);
    if (overlay && [...overlay.keys()].some((k) => k === full || k.startsWith(full + path.sep))) return true;
    return fs.existsSync(target);
  },
  readdirSync(dir: string): string[] {
    const names = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
    const full = path.resolve(dir) + path.sep;
    for (const key of overlays.getStore()?.keys() ?? []) {
      if (key.startsWith(full)) names.add(key.slice(full.length).split(path.sep)[0]!);
    }
    return [...names].sort();
  },
};
