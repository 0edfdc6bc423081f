/**
 * Responsive image variants: /images/<file>?w=<width> serves the picture resized to fit within
 * that width (never enlarged), at one of the site's breakpoints only, so the set of variants
 * (and the cache) stays bounded. Variants are made once with sharp and kept on disk.
 */
import fs from "node:fs";
import path from "node:path";
import express, { type Router } from "express";
import sharp from "sharp";
import { IMAGE_WIDTHS } from "~/lib/images";
import type { Logger } from "../logger.server";

const FORMATS = new Set([".png", ".jpg", ".jpeg", ".webp"]);
const ONE_DAY = 24 * 60 * 60;

export function imageRouter(options: { sourceDirs: string[]; cacheDir: string; logger: Logger }): Router {
  const router = express.Router();
  const inFlight = new Map<string, Promise<void>>();

  router.get(/^\/(.+)$/, async (req, res, next) => {
    const name = (req.params as Record<string, string>)[0]!;
    const ext = path.extname(name).toLowerCase();
    if (!FORMATS.has(ext) || name.includes("..") || name.includes("\0")) return next();
    const source = options.sourceDirs.map((dir) => path.join(dir, name)).find((p) => fs.existsSync(p));
    if (!source) return next();

    const width = Number(req.query.w);
    res.setHeader("Cache-Control", `public, max-age=${ONE_DAY}`);
    if (!req.query.w) return res.sendFile(source, { dotfiles: "allow" });
    if (!IMAGE_WIDTHS.includes(width as (typeof IMAGE_WIDTHS)[number])) {
      return res
        .status(400)
        .type("text/plain")
        .send(`w must be one of ${IMAGE_WIDTHS.join(", ")}`);
    }

    // Browsers that take WebP (all current ones) get it: a fraction of a PNG's bytes at the same width.
    res.setHeader("Vary", "Accept");
    const format = req.accepts(["image/webp", "image/*"]) === "image/webp" ? ".webp" : ext;
    const stat = fs.statSync(source);
    const cached = path.join(options.cacheDir, `${name.replace(/[/\\]/g, "__")}.${width}.${Math.floor(stat.mtimeMs)}${ext}${format}`);
    try {
      if (!fs.existsSync(cached)) {
        let job = inFlight.get(cached);
        if (!job) {
          job = (async () => {
            fs.mkdirSync(options.cacheDir, { recursive: true });
            const tmp = `${cached}.${process.pid}.tmp${format}`;
            const resized = sharp(source).resize({ width, fit: "inside", withoutEnlargement: true });
            const encoded =
              format === ".webp"
                ? resized.webp({ quality: 80 })
                : format === ".png"
                  ? resized.png({ palette: true, compressionLevel: 9 })
                  : resized.jpeg({ quality: 80, mozjpeg: true });
            await encoded.toFile(tmp);
            fs.renameSync(tmp, cached);
          })().finally(() => inFlight.delete(cached));
          inFlight.set(cached, job);
        }
        await job;
      }
      res.sendFile(cached, { dotfiles: "allow" }); // DATA_DIR may sit under a dot-folder (.tmp)
    } catch (err) {
      options.logger.warn({ err, name }, "image variant failed");
      res.status(500).type("text/plain").send("Image could not be processed");
    }
  });
  return router;
}
