import type { Database } from "../../server/db/client.server";
import type { Logger } from "../../server/logger.server";

/** What the Express server hands every loader and action (server/main.ts builds it). */
export interface SiteLoadContext {
  db: Database;
  logger: Logger;
  requestId: string;
  siteOrigin: string;
}

declare module "react-router" {
  interface AppLoadContext extends SiteLoadContext {}
}
