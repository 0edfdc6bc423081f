/** The /verify page ("Is it official?", issue 31): the official channels, and the address a GET form asked about. */
import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import type { LangKey } from "~/i18n/languages";
import { officialChannels } from "../services/official-channels.server";
import { signedReleases } from "../services/releases.server";
import { writtenDates } from "~/lib/format/format-date";
import { originForLang } from "~/lib/urls/hosts";

/** What a pasted address may be: a link, however long a real one gets, on one line. */
const PastedAddress = z.string().trim().min(1).max(2000);

/**
 * The page's data: the official channels (the same list /links shows), and the address of a
 * `?address=` request, which the page checks as it renders (the browser checks as the visitor
 * types; the form reaches the server only without scripts). An answer about one visitor's address
 * is not for sharing: not stored by the page cache or a CDN, and its page is not indexed.
 */
export async function loadVerifyPage(context: AppLoadContext, request: Request, lang: LangKey) {
  const official = await context.shared(`official-channels:${lang}`, () => officialChannels(context.db, context.officialChannels, lang));
  if (!official) throw data(null, { status: 404 });
  const asked = new URL(request.url).searchParams.get("address");
  const address = asked === null ? null : (PastedAddress.safeParse(asked.replace(/[\r\n]+/g, "")).data ?? null);
  const page = { lang, official, address, ...(await loadReleaseVerification(context, lang)) };
  return asked === null ? page : data(page, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" } });
}

/** How many of the newest releases the verify page lists with their signed checksums; older files are found through the API. */
export const VERIFIED_RELEASES_SHOWN = 5;

/**
 * The verify page's releases (docs/decisions/0041): the newest, with their files and signatures
 * exactly as recorded, and the key the site publishes (from configuration, never the database).
 * The browser checks each signature itself; `origin` writes the by-hand commands' addresses.
 */
async function loadReleaseVerification(context: AppLoadContext, lang: LangKey) {
  const releases = await context.shared("signed-releases", () =>
    signedReleases(context.db, { limit: VERIFIED_RELEASES_SHOWN, downloadBase: context.downloadBaseUrl }),
  );
  return {
    signingKey: context.releaseSigningKey,
    releases,
    origin: originForLang(context.hostPlan, lang),
    writtenDates: writtenDates(
      lang,
      releases.map((r) => r.releasedAt),
    ),
  };
}
