/**
 * The share images: /share/<lang>/<name>.png, 1200x630, drawn on first request in the page's
 * language and kept on disk under a hash of everything drawn (docs/decisions/0031).
 *   home, pricing, download        the profile list beside the page's title
 *   scenarios-<slug>, solutions-<slug>   the use case's drawing beside its title
 *   screenshot-<drawing>           the drawing alone (1920x1200), the structured data's screenshot
 * Anything else, or a language the site does not have, is a 404.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler, type Router } from "express";
import { isDrawingName } from "~/components/drawings/names";
import { isLangKey, type LangKey } from "~/i18n/languages";
import type { Database } from "../db/client.server";
import { getNamespace, translate } from "../i18n/messages.server";
import type { Logger } from "../logger.server";
import { renderShareImage, SHARE_RENDERER_VERSION, type ShareCard } from "../pages/share-image.server";
import { getUseCase } from "../services/use-cases.server";

const ONE_DAY = 24 * 60 * 60;
/**
 * How long a request waits for its image to be drawn. Longer (a crawl of many pages' images on a
 * busy machine queues their renders), it is sent to the site's generic card for now, uncached,
 * while the drawing goes on: the next request gets the real one from disk.
 */
const WAIT_FOR_RENDER_MS = 3_000;
const GENERIC_CARD = "/og-image.png";
const PAGES = { home: "home.heroTitle", pricing: "pages.pricing.title", download: "pages.download.title" } as const;

/** What the image of `name` shows in `lang`; null when there is no such image. */
export async function shareCardFor(db: Database, lang: LangKey, name: string): Promise<ShareCard | null> {
  const tagline = translate(lang, "common", "tagline");
  if (name in PAGES) return { lang, drawing: "profiles", title: translate(lang, "common", PAGES[name as keyof typeof PAGES]), tagline };
  const screenshot = /^screenshot-([a-z]+)$/.exec(name)?.[1];
  if (screenshot !== undefined) return isDrawingName(screenshot) ? { lang, drawing: screenshot } : null;
  const [, kind, slug] = /^(scenarios|solutions)-([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(name) ?? [];
  if (!kind || !slug) return null;
  const page = await getUseCase(db, lang, slug, kind === "scenarios" ? "scenario" : "solution");
  return page ? { lang, drawing: page.drawing, title: page.title, tagline } : null;
}

/** The cache file's name: a hash of the renderer's version, the card and the drawings' words it draws. */
export function shareCacheKey(card: ShareCard): string {
  return createHash("sha256")
    .update(JSON.stringify([SHARE_RENDERER_VERSION, card.lang, card.drawing, card.title ?? null, card.tagline ?? null, getNamespace(card.lang, "drawings")]))
    .digest("hex")
    .slice(0, 32);
}

export function shareImageRouter(options: { db: Database; cacheDir: string; logger: Logger; admit?: RequestHandler; waitForRenderMs?: number }): Router {
  const waitForRenderMs = options.waitForRenderMs ?? WAIT_FOR_RENDER_MS;
  const router = express.Router();
  const inFlight = new Map<string, Promise<void>>();
  // One drawing at a time per process: each takes a core for about half a second, and many at
  // once (a crawler fetching every page's image) would starve the pages.
  let renders: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = renders.then(work);
    renders = next.catch(() => undefined);
    return next;
  };
  const route = "/share/:lang/:name.png";
  if (options.admit) router.get(route, options.admit);
  router.get(route, async (req, res, next) => {
    const { lang, name } = req.params as { lang: string; name: string };
    try {
      const card = isLangKey(lang) ? await shareCardFor(options.db, lang, name) : null;
      if (!card) return void res.status(404).type("text/plain").send("No such share image");
      const file = path.join(options.cacheDir, `${shareCacheKey(card)}.png`);
      if (!fs.existsSync(file)) {
        let job = inFlight.get(file);
        if (!job) {
          job = oneAtATime(async () => {
            const png = await renderShareImage(card);
            fs.mkdirSync(options.cacheDir, { recursive: true });
            const tmp = `${file}.${process.pid}.tmp`;
            fs.writeFileSync(tmp, png);
            fs.renameSync(tmp, file);
          }).finally(() => inFlight.delete(file));
          // Failures are reported here once, whether or not a request still waits for it.
          job.catch((err: unknown) => options.logger.error({ err, lang, name }, "drawing a share image failed"));
          inFlight.set(file, job);
        }
        let timer: NodeJS.Timeout | undefined;
        const drawn = await Promise.race([
          job.then(() => true),
          new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitForRenderMs))),
        ]).finally(() => clearTimeout(timer));
        if (!drawn) {
          res.setHeader("Cache-Control", "no-store");
          return void res.redirect(302, GENERIC_CARD);
        }
      }
      res.setHeader("Cache-Control", `public, max-age=${ONE_DAY}`);
      res.type("image/png").sendFile(file, { dotfiles: "allow" });
    } catch (err) {
      next(err);
    }
  });
  return router;
}
