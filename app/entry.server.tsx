import type { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { RETRY_AFTER_SECONDS, unavailableReasonOf } from "../server/http/unavailable.server";
import { finishDocument, withNonce } from "./lib/finish-document.server";
import { PageHtmlContext } from "./lib/page-html";
import { StaticFragmentsContext } from "./lib/static-fragments";
import { staticFragments } from "./lib/static-fragments.server";
import { visitorStateScriptTag } from "./lib/visitor-state";
import { pageFontFaces } from "./fonts/page-font-faces.server";
import { getLanguage, isLangKey } from "./i18n/languages";

export const streamTimeout = 5_000;

interface RootData {
  lang?: string;
  baseInfo?: { statistical_title: string; statistical_body: string } | null;
  /** Set on the staff area's pages. */
  staffLang?: string | null;
}

/**
 * Every error a loader or action throws passes here with its original value (the render only
 * sees a sanitised copy in production): logged once, and database outages marked on the load
 * context for a 503 (pages here, feeds and data requests in server/http/ssr-handler.server.ts).
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  const unavailable = unavailableReasonOf(error);
  if (unavailable) {
    context.unavailableReason ??= unavailable;
    context.logger.warn({ err: error, path: new URL(request.url).pathname, reason: unavailable }, "database unavailable");
    return;
  }
  context.logger.error({ err: error, path: new URL(request.url).pathname }, "loader failed");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const root = routerContext.staticHandlerContext.loaderData.root as RootData | undefined;
  // The language of the page, as <html lang> says it (the staff area's own, or the page's).
  const language = root?.staffLang ? (root.staffLang === "zh" ? "zh-Hans" : "en") : root?.lang && isLangKey(root.lang) ? getLanguage(root.lang).tag : undefined;
  if (language) responseHeaders.set("Content-Language", language);
  // None on a page rendered for everyone: its policy allows its scripts by hash (docs/decisions/0021).
  const nonce = loadContext.cspNonce || undefined;
  // Editors' snippets are trusted markup (spec section 3): their scripts get this response's nonce.
  const snippets = {
    head: (loadContext.preview ? "" : visitorStateScriptTag(nonce)) + withNonce(root?.baseInfo?.statistical_title ?? "", nonce),
    body: withNonce(root?.baseInfo?.statistical_body ?? "", nonce),
  };
  // A page whose data could not be read because the database is not answering is "try again
  // shortly" (503 with Retry-After), not a fault of the page (500).
  if (loadContext.unavailableReason) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }

  return new Promise((resolve, reject) => {
    // The whole document is rendered before anything is sent (onAllReady), then finished in one
    // pass and sent as one body (docs/decisions/0021). Every page's data is read by its loaders
    // before rendering starts, so streaming would send the same bytes a few milliseconds sooner,
    // in many small writes, each through the transforms below; a page for the cache is read whole
    // anyway.
    const chunks: Uint8Array[] = [];
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const finish = () => {
      clearTimeout(timeoutId);
      timeoutId = undefined;
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      // The staff area is worked in at once, signed in and never cached: its scripts are not
      // held back until after the first paint as a visitor's are.
      const deferScripts = !root?.staffLang;
      const document = Buffer.concat(chunks);
      const fontFaces = !root?.staffLang && root?.lang && isLangKey(root.lang) ? pageFontFaces(root.lang, document) : "";
      resolve(
        new Response(finishDocument(document, { ...snippets, head: fontFaces + snippets.head }, { deferScripts }), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
    };
    // What React's pipe uses of a Node stream, without a stream: the document is written in one
    // flush once all of it is ready, so there is no back pressure to signal, and a Writable's
    // bookkeeping for each of its 4 KB pieces was spent for nothing.
    const sink: Pick<Writable, "write" | "end" | "on" | "destroy"> = {
      // React writes a long string as it is, the rest as bytes.
      write: (chunk: Uint8Array | string) => (chunks.push(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk), true),
      end: () => (finish(), sink as Writable),
      on: () => sink as Writable,
      destroy: (error?: Error) => {
        clearTimeout(timeoutId);
        reject(error);
        return sink as Writable;
      },
    };

    const page = (
      <PageHtmlContext.Provider value={loadContext.pageHtml}>
        <StaticFragmentsContext.Provider value={staticFragments}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StaticFragmentsContext.Provider>
      </PageHtmlContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        pipe(sink as Writable);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        // A part of the page failed after its shell: React renders that part on the client.
        responseStatusCode = 500;
        loadContext.logger.error({ err: error }, "rendering part of a page failed");
      },
    });
  });
}
