/**
 * `/fonts/<lang>-<version>/<code points>.<signature>.woff2`: the glyph subsets the zh, tc and jp
 * pages name in their heads (app/fonts/font-subsets.server.ts, docs/decisions/0036). A URL this
 * server did not sign is a 404 before anything is decoded or made; a signed one is the same font
 * forever, so it is cached for a year and immutable, by browsers and a CDN alike.
 */
import express, { type Router } from "express";
import type { Logger } from "../logger.server";
import { parseSubsetPath, type SubsetMaker } from "~/fonts/font-subsets.server";
import { noteUnavailable, RETRY_AFTER_SECONDS } from "./unavailable.server";

export function fontSubsetRouter(options: { maker: SubsetMaker; logger: Logger }): Router {
  const router = express.Router();
  router.get(/^\/fonts\//, (req, res, next) => {
    const subset = parseSubsetPath(req.path);
    if (!subset) return void res.status(404).setHeader("Cache-Control", "no-store").type("text/plain").send("No such font");
    const made = options.maker.get(subset.lang, subset.codePoints, subset.key);
    if (!made) {
      noteUnavailable(res, "shed");
      res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      return void res.status(503).setHeader("Cache-Control", "no-store").type("text/plain").send("Busy: try again shortly");
    }
    made.then(
      (font) => {
        if (res.headersSent) return;
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        res.type("font/woff2").send(font);
      },
      (err: unknown) => {
        options.logger.error({ err, lang: subset.lang }, "making a font subset failed");
        next(err);
      },
    );
  });
  return router;
}
