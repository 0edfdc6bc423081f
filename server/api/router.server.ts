import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Router } from "express";
import type { Database } from "../db/client.server";
import { crossSiteGuard } from "../http/cross-site.server";
import { isAnswered, sendUnavailable, unavailableReasonOf } from "../http/unavailable.server";
import { AbuseLimitExceeded } from "../infrastructure/abuse-limits.server";
import type { Logger } from "../logger.server";
import { mapParserError, parseBody } from "./body-parsers.server";
import { ApiError, sendError, sendOk } from "./envelope.server";
import { requestLang, validate, type ApiSettings, type Endpoint } from "./endpoint.server";
import * as adminBookings from "./endpoints/admin-bookings.server";
import * as adminContent from "./endpoints/admin-content.server";
import * as adminInbox from "./endpoints/admin-inbox.server";
import * as adminInsights from "./endpoints/admin-insights.server";
import * as adminModeration from "./endpoints/admin-moderation.server";
import * as adminStaff from "./endpoints/admin-staff.server";
import * as articles from "./endpoints/articles.server";
import * as bookings from "./endpoints/bookings.server";
import * as check from "./endpoints/check.server";
import * as help from "./endpoints/help.server";
import * as partners from "./endpoints/partners.server";
import * as passport from "./endpoints/passport.server";
import * as product from "./endpoints/product.server";
import * as referral from "./endpoints/referral.server";
import * as searchEndpoints from "./endpoints/search.server";
import * as security from "./endpoints/security.server";
import * as site from "./endpoints/site.server";
import * as tracking from "./endpoints/tracking.server";
import * as useCases from "./endpoints/use-cases.server";
import * as visitor from "./endpoints/visitor.server";
import { buildOpenApiDocument } from "./openapi.server";
import { requireStaffSession } from "../http/staff-session.server";

export const ENDPOINTS: readonly Endpoint[] = [
  site.baseInfo,
  site.category,
  articles.articleCategoryList,
  articles.articleTags,
  articles.articleList,
  articles.article,
  articles.articleRelatedList,
  articles.articleCommentList,
  articles.addArticleComment,
  articles.articleRead,
  help.helpArticleList,
  help.helpArticle,
  help.helpArticleSolve,
  help.helpArticleView,
  help.helpVoter,
  searchEndpoints.siteSearch,
  bookings.subscribeList,
  bookings.subscribeAdd,
  bookings.subscribe,
  bookings.subscribeCancel,
  product.powerListEndpoint,
  product.price,
  product.latestClientVersion,
  product.releaseList,
  product.release,
  product.releaseSigningKey,
  product.releaseChecksums,
  product.faq,
  product.aboutEndpoint,
  product.linksEndpoint,
  useCases.useCaseList,
  useCases.useCase,
  partners.partnerTags,
  partners.partnerList,
  partners.partnerDetail,
  partners.partnerApply,
  referral.referralConfigEndpoint,
  visitor.visitorIp,
  visitor.chatConfigEndpoint,
  visitor.chatChoose,
  visitor.leaveMessageEndpoint,
  check.checkSeen,
  passport.oneTapConfig,
  passport.authorizedLogin,
  passport.redeem,
  tracking.trackConfig,
  tracking.trackCollect,
  security.cspReport,
  adminStaff.staffSignIn,
  adminStaff.staffSignOut,
  adminStaff.staffSignOutEverywhere,
  adminStaff.passwordLinkCheck,
  adminStaff.passwordSet,
  adminStaff.passwordChange,
  adminStaff.totpBegin,
  adminStaff.totpConfirm,
  adminStaff.totpDisable,
  adminStaff.staffList,
  adminStaff.staffInvite,
  adminStaff.staffUpdate,
  adminStaff.staffResetLink,
  adminStaff.auditList,
  adminStaff.auditRestore,
  // Each staff area's module exports only its endpoints, in the order the OpenAPI document lists them.
  ...Object.values(adminBookings),
  ...Object.values(adminInbox),
  ...Object.values(adminModeration),
  ...Object.values(adminInsights),
  ...Object.values(adminContent),
] as unknown as readonly Endpoint[];

/** An answer its endpoint's output schema does not describe: the OpenAPI document would be lying. */
function reportOutputMismatch(ep: Endpoint, method: string, data: unknown): void {
  const parsed = ep.output.safeParse(data);
  if (parsed.success) return;
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
  console.error(`${method.toUpperCase()} /api${ep.path} answered outside its output schema: ${issues.join("; ")}`);
}

function requestLogger(req: Request, fallback: Logger): Logger {
  return (req as Request & { log?: Logger }).log ?? fallback;
}

export function createApiRouter(deps: {
  db: Database;
  logger: Logger;
  siteOrigins?: readonly string[];
  settings: ApiSettings;
  /** Load shedding (server/http/admission.server.ts): taken once the body is in, so a slow sender holds no place. */
  admit?: RequestHandler;
  /** Tests: check each successful answer against the endpoint's output schema (AppOptions.verifyApiOutputs). */
  verifyOutputs?: boolean;
}): Router {
  const router = express.Router();
  const openApi = buildOpenApiDocument(ENDPOINTS);

  router.get("/openapi.json", (_req, res) => {
    res.json(openApi);
  });

  // Staff answers are never stored by a browser or a proxy, refusals and validation errors included
  // (they come before any handler could say so).
  router.use("/admin", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  router.use(parseBody);
  router.use(crossSiteGuard(deps.siteOrigins ?? []));
  if (deps.admit) router.use(deps.admit);

  for (const ep of ENDPOINTS) {
    for (const method of ep.methods) {
      router[method](ep.path, async (req, res) => {
        if (method !== "get" && (typeof req.body !== "object" || req.body === null || Array.isArray(req.body))) {
          throw new ApiError("malformedBody"); // a JSON array or scalar is not a set of fields
        }
        const source = method === "get" ? { ...req.query } : { ...req.query, ...(req.body as object) };
        // Staff endpoints: who asks is settled before anything they sent is looked at.
        const staff = ep.staff ? await requireStaffSession(deps.db, req, res, ep.staff, method) : undefined;
        const input = validate(ep.input, source);
        const lang = (input as { lang: ReturnType<typeof requestLang> }).lang;
        const data = await ep.handler(input, { db: deps.db, logger: requestLogger(req, deps.logger), settings: deps.settings, lang, req, res, staff });
        if (deps.verifyOutputs && !ep.noContent) reportOutputMismatch(ep, method, data);
        // The request timeout may have answered meanwhile: it is the only answer.
        if (isAnswered(res)) return;
        if (ep.noContent) res.status(204).end();
        else sendOk(res, lang, data);
      });
    }
    const allowed = ep.methods.map((m) => m.toUpperCase()).join(", ");
    router.all(ep.path, (_req, res) => {
      res.setHeader("Allow", allowed);
      throw new ApiError("methodNotAllowed");
    });
  }

  router.use(() => {
    throw new ApiError("notFound");
  });

  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const lang = requestLang(req);
    if (isAnswered(res)) return;
    if (err instanceof ApiError) return sendError(res, lang, err);
    if (err instanceof AbuseLimitExceeded) {
      res.setHeader("Retry-After", String(err.retryAfterSeconds));
      return sendError(res, lang, new ApiError(err.error));
    }
    const unavailable = unavailableReasonOf(err);
    if (unavailable) {
      requestLogger(req, deps.logger).warn({ err, reason: unavailable }, "database unavailable");
      return sendUnavailable(req, res, unavailable);
    }
    const status = (err as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) return sendError(res, lang, mapParserError(err));
    requestLogger(req, deps.logger).error({ err }, "unhandled API error");
    sendError(res, lang, new ApiError("internal"));
  };
  router.use(onError);
  return router;
}
