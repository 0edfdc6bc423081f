/**
 * Declares API endpoints once, with zod schemas that both validate requests and generate the
 * OpenAPI document, so the two can never drift apart.
 */
import type { ReleaseSigningKey } from "@contracts/release-checksums";
import type { Request, Response } from "express";
import { z } from "zod";
import { DEFAULT_LANG, LANG_KEYS, resolveLang, type LangKey } from "~/i18n/languages";
import type { ApiErrorKey } from "@contracts/api-errors";
import type { StaffArea, StaffIdentity } from "@contracts/staff-access";
import type { Database } from "../db/client.server";
import type { Logger } from "../logger.server";
import type { ChatSettings } from "../services/chat.server";
import type { PassportSettings } from "../services/passport.server";
import type { OfficialChannelSettings } from "../services/official-channels.server";
import { ApiError } from "./envelope.server";
import { wholeNumber } from "@contracts/whole-numbers";

/** `lang` on every call: a missing or unsupported value means the default language. */
export const LangParam = z.enum(LANG_KEYS).default(DEFAULT_LANG).catch(DEFAULT_LANG).describe("Site language key; missing or unsupported means en");

/** Paged lists (api.md "Common rules"): `page` 1-based, `page_size` default 12, at most 50. */
export const PageParams = {
  page: wholeNumber(1, 10_000).default(1),
  page_size: wholeNumber(1, 50).default(12),
};

/** The shape of a paged answer: `{ list, total, page, page_size }`. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });

/** Lowercase-hyphen keys (slugs of categories, tags, use cases, partner types and regions). */
export const SlugParam = z
  .string()
  .trim()
  .max(100)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

/** Deployment settings the API needs (from the environment, parsed once at boot). */
export interface ApiSettings {
  /** BUSINESS_TIME_ZONE: the zone slots are defined and shown in. */
  businessTimeZone: string;
  /** DOWNLOAD_BASE_URL: where client installers are downloaded from. */
  downloadBaseUrl: string;
  /** CHAT_*: the excluded address, the easemob countries and the fixed HUAN_XIN script. */
  chat: ChatSettings;
  /** GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL, APP_LOGIN_URL. */
  passport: PassportSettings;
  /** The release-signing key the site publishes (docs/decisions/0041); null: releases are not signed. */
  releaseSigningKey: ReleaseSigningKey | null;
  /** What the official channels are made from: every mode's hosts, the download base, the chat script. */
  officialChannels: OfficialChannelSettings;
}

export interface ApiContext {
  db: Database;
  logger: Logger;
  settings: ApiSettings;
  lang: LangKey;
  req: Request;
  res: Response;
  /** The signed-in staff member: always set for endpoints with `staff`, never otherwise. */
  staff?: StaffIdentity;
}

export type HttpMethod = "get" | "post";

export interface Endpoint<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  methods: readonly HttpMethod[];
  /** Path below /api, e.g. "/home/base-info". */
  path: string;
  summary: string;
  tag: string;
  input: I;
  output: O;
  /** Outcomes besides success, for the OpenAPI document. */
  errors: readonly ApiErrorKey[];
  /**
   * A staff-area endpoint (/api/admin/*): answers only with a session whose role may use this
   * area, and (for POST) only with the session's CSRF token in X-CSRF-Token.
   */
  staff?: StaffArea;
  /** Success answers 204 with no body (beacons), not the envelope. */
  noContent?: boolean;
  handler: (input: z.output<I>, ctx: ApiContext) => Promise<z.input<O>>;
}

/** The context of a staff endpoint's handler, where the staff member is known. */
export type StaffApiContext = ApiContext & { staff: StaffIdentity };

/** A staff-area endpoint: its handler is given the signed-in staff member. */
export function defineStaffEndpoint<I extends z.ZodObject, O extends z.ZodType>(
  endpoint: Omit<Endpoint<I, O>, "handler" | "staff"> & { staff: StaffArea; handler: (input: z.output<I>, ctx: StaffApiContext) => Promise<z.input<O>> },
): Endpoint<I, O> {
  return endpoint as Endpoint<I, O>;
}

export function defineEndpoint<I extends z.ZodObject, O extends z.ZodType>(endpoint: Endpoint<I, O>): Endpoint<I, O> {
  return endpoint;
}

/** Reads the request's language before validation, so even a validation error is in that language. */
export function requestLang(req: Request): LangKey {
  const fromBody = req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>).lang : undefined;
  const fromQuery = req.query?.lang;
  return resolveLang(fromBody ?? (Array.isArray(fromQuery) ? fromQuery[0] : fromQuery));
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);
}

// NUL and the C0 controls other than tab, line feed and carriage return; PostgreSQL cannot store NUL in text.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// A UTF-16 surrogate without its pair (JSON allows "\ud800"): not text, and PostgreSQL's jsonb refuses it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const UNPRINTABLE = new RegExp(`${CONTROL_CHARS.source}|${LONE_SURROGATE.source}`, "g");

/** The first field whose text (at any depth) carries a control character or a lone surrogate, if any. */
function fieldWithControlChars(source: Record<string, unknown>): string | undefined {
  const dirty = (value: unknown, depth: number): boolean =>
    typeof value === "string"
      ? CONTROL_CHARS.test(value) || LONE_SURROGATE.test(value)
      : depth < 4 && value !== null && typeof value === "object" && Object.values(value).some((v) => dirty(v, depth + 1));
  return Object.keys(source).find((key) => CONTROL_CHARS.test(key) || dirty(source[key], 0));
}

/** A missing or blank field is 10100 "cannot be empty"; control characters and any other bad value are 10101. */
export function validate<I extends z.ZodObject>(schema: I, source: Record<string, unknown>): z.output<I> {
  const controlled = fieldWithControlChars(source);
  if (controlled !== undefined) throw new ApiError("invalidValue", controlled.replace(UNPRINTABLE, "?").slice(0, 50));
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length ? String(issue.path[0]) : undefined;
  const value = field !== undefined ? source[field] : source;
  throw new ApiError(field !== undefined && isEmpty(value) ? "fieldRequired" : "invalidValue", field);
}
