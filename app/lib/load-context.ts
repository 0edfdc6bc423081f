import type { Database } from "../../server/db/client.server";
import type { SharedRead } from "../../server/http/shared-data-cache.server";
import type { Logger } from "../../server/logger.server";
import type { LangKey } from "~/i18n/languages";
import type { HostPlan } from "./urls/hosts";
import type { PageHtmlStore } from "./page-html";
import type { StaffIdentity } from "@contracts/staff-access";
import type { AccountUrls } from "~/components/passport/account-links";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { ApiSettings } from "../../server/api/endpoint.server";
import type { ReleaseSigningKey } from "@contracts/release-checksums";
import type { OfficialChannelSettings } from "../../server/services/official-channels.server";

/** What an API endpoint's handler is given besides its input: a route action runs the same handler. */
export interface ActionHttp {
  req: ExpressRequest;
  res: ExpressResponse;
  apiSettings: ApiSettings;
}

/** What the Express server hands every loader and action (server/main.ts builds it). */
export interface SiteLoadContext {
  db: Database;
  logger: Logger;
  requestId: string;
  /** Where each language lives in this mode (absolute links, canonical, switcher). */
  hostPlan: HostPlan;
  host: string | undefined;
  /** The visitor's address (forwarded only by TRUSTED_PROXIES), for per-visitor counts and limits. */
  clientIp: string | undefined;
  /** This response's Content-Security-Policy nonce: every script the page writes carries it. */
  cspNonce: string;
  /** BUSINESS_TIME_ZONE: the zone pre-sales slots are defined in. */
  businessTimeZone: string;
  /** DOWNLOAD_BASE_URL: where client installers are downloaded from. */
  downloadBaseUrl: string;
  /** The release-signing key the site publishes (docs/decisions/0041); null: releases are not signed. */
  releaseSigningKey: ReleaseSigningKey | null;
  /** What the official channels are made from (server/services/official-channels.server.ts). */
  officialChannels: OfficialChannelSettings;
  /** The language of unprefixed paths on this host. */
  defaultLang: LangKey;
  /** GOOGLE_CLIENT_ID is set: pages offer one-tap sign-in. */
  oneTap: boolean;
  /** APP_LOGIN_URL and APP_SIGNUP_URL: the application's sign-in and registration pages (the header links to them). */
  accountUrls: AccountUrls;
  /** A staff content preview: the page is a snapshot without scripts, over a draft that is never stored. */
  preview: boolean;
  /** /admin requests: the signed-in staff member (server/http/staff-session.server.ts); null elsewhere. */
  staff: StaffIdentity | null;
  /**
   * What this page shows that can change ("article:12"), so the page cache drops it when that
   * changes (server/http/page-cache.server.ts). Everything is also dropped on any content publish.
   */
  pageTags: Set<string>;
  /**
   * Reads reference data that only content imports and publishes change (base info, the price
   * catalogue, the FAQ, releases) once per process (server/http/shared-data-cache.server.ts);
   * straight from the database in a preview and in development.
   */
  shared: SharedRead;
  /**
   * A document request's markup written by people, kept out of its loader data so the page
   * carries it once (app/lib/page-html.tsx); null on a data request, whose data carries it.
   */
  pageHtml: PageHtmlStore | null;
  /**
   * Set by handleError (app/entry.server.tsx) when a loader could not reach the database: the
   * answer is then 503 with Retry-After (server/http/ssr-handler.server.ts), feeds included.
   */
  unavailableReason?: "pool exhausted" | "database unavailable";
  /**
   * For route actions only (server/http/form-actions.server.ts), which run the API's endpoint
   * handlers for the site's forms; loaders never read it (their pages are shared). Null where no
   * Express request exists (bench/explain.ts).
   */
  http: ActionHttp | null;
  /** A part of the page could not be read and was left out: the answer is not kept in the page cache. */
  degraded?: boolean;
}

declare module "react-router" {
  // Declaration merging needs an interface, empty: the members are SiteLoadContext's.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends SiteLoadContext {}
}
