/**
 * Staff accounts and sessions (docs/decisions/0020): sign-in and out, one-time password links,
 * the optional second factor, managing staff (admins) and reading the audit log (admins).
 */
import QRCode from "qrcode";
import { z } from "zod";
import { STAFF_ROLES } from "@contracts/staff-access";
import { StaffEmail, StaffPassword, TotpCode } from "@contracts/staff-credentials";
import { spendAllowance } from "../../infrastructure/abuse-limits.server";
import { restoreSchedule } from "../../services/bookings.server";
import { restoreComment } from "../../services/comments.server";
import {
  beginTotp,
  changePassword,
  confirmTotp,
  createStaff,
  disableTotp,
  endAllSessions,
  endSession,
  auditEntity,
  listAudit,
  listStaff,
  passwordTokenAccount,
  resetPasswordLink,
  setPasswordWithToken,
  signIn,
  StaffConflict,
  staffById,
  updateStaff,
} from "../../services/staff.server";
import { clearStaffCookie, readStaffSessionId, setStaffCookie } from "../../http/staff-session.server";
import { ApiError } from "../envelope.server";
import { defineEndpoint, defineStaffEndpoint, LangParam, paged, PageParams } from "../endpoint.server";
import { IdParam } from "@contracts/whole-numbers";

const StaffView = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  created_at: z.string(),
  disabled_at: z.string().nullable(),
  has_password: z.boolean(),
  totp_enabled: z.boolean(),
  last_seen_at: z.string().nullable(),
});

/** The link that sets a password, on the host the staff member is using. */
function passwordLink(origin: string, token: string): string {
  return `${origin}/admin/set-password?token=${encodeURIComponent(token)}`;
}
const originOf = (req: { protocol: string; get(name: string): string | undefined }) => `${req.protocol}://${req.get("host")}`;

export const staffSignIn = defineEndpoint({
  methods: ["post"],
  path: "/admin/sign-in",
  summary:
    "Staff sign-in: { email, password } (and `code` when the account has a second factor). Sets the HttpOnly session cookie (a new session every time) and answers the session's CSRF token. An unknown account and a wrong password get the same 10402; a missing second-factor code 10406; attempts are limited per address and per account (10030)",
  tag: "admin",
  input: z.object({ lang: LangParam, email: StaffEmail, password: z.string().min(1).max(200), code: TotpCode.optional() }),
  output: z.object({ csrf_token: z.string(), role: z.enum(STAFF_ROLES) }),
  errors: ["fieldRequired", "signInFailed", "secondFactorRequired", "tooManyRequests", "tooManyRecent"],
  async handler(input, { db, req, res, logger }) {
    res.setHeader("Cache-Control", "no-store");
    const outcome = await signIn(db, {
      email: input.email,
      password: input.password,
      code: input.code,
      ip: req.ip,
      userAgent: req.get("user-agent") ?? "",
      replaceSession: readStaffSessionId(req),
    });
    if (!outcome.ok) {
      logger.warn({ reason: outcome.reason }, "staff sign-in refused");
      throw new ApiError(outcome.reason === "second-factor" ? "secondFactorRequired" : "signInFailed");
    }
    setStaffCookie(req, res, outcome.sessionId);
    const staff = (await staffById(db, outcome.staffId))!;
    return { csrf_token: outcome.csrfToken, role: staff.role };
  },
});

export const staffSignOut = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/sign-out",
  summary: "Ends this session",
  tag: "admin",
  staff: "account",
  input: z.object({ lang: LangParam }),
  output: z.object({ signed_out: z.literal(true) }),
  errors: [],
  async handler(_input, { db, req, res, staff }) {
    const id = readStaffSessionId(req);
    if (id) await endSession(db, staff, id);
    clearStaffCookie(req, res);
    return { signed_out: true as const };
  },
});

export const staffSignOutEverywhere = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/sign-out-everywhere",
  summary: "Ends every session of the signed-in account, on every device, this one included",
  tag: "admin",
  staff: "account",
  input: z.object({ lang: LangParam }),
  output: z.object({ sessions_ended: z.number().int() }),
  errors: [],
  async handler(_input, { db, req, res, staff }) {
    const ended = await endAllSessions(db, staff);
    clearStaffCookie(req, res);
    return { sessions_ended: ended };
  },
});

export const passwordLinkCheck = defineEndpoint({
  methods: ["get"],
  path: "/admin/password-link",
  summary: "Whether a one-time password link is still usable, and for which account (10410 when expired or used)",
  tag: "admin",
  input: z.object({ lang: LangParam, token: z.string().min(10).max(100) }),
  output: z.object({ email: z.string() }),
  errors: ["linkExpired"],
  async handler(input, { db, res }) {
    res.setHeader("Cache-Control", "no-store");
    const account = await passwordTokenAccount(db, input.token);
    if (!account) throw new ApiError("linkExpired");
    return account;
  },
});

export const passwordSet = defineEndpoint({
  methods: ["post"],
  path: "/admin/password",
  summary: `Sets a password with a one-time link token (48 hours, used once) and ends the account's other sessions; the password has at least 12 characters`,
  tag: "admin",
  input: z.object({ lang: LangParam, token: z.string().min(10).max(100), password: StaffPassword }),
  output: z.object({ email: z.string() }),
  errors: ["fieldRequired", "linkExpired", "tooManyRequests"],
  async handler(input, { db, req, res }) {
    res.setHeader("Cache-Control", "no-store");
    await db.transaction((tx) => spendAllowance(tx, "staff-link", { ip: req.ip }));
    const account = await setPasswordWithToken(db, input.token, input.password);
    if (!account) throw new ApiError("linkExpired");
    return { email: account.email };
  },
});

export const passwordChange = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/account/password",
  summary: "Changes the signed-in account's password (the current one is required); every other session of the account ends",
  tag: "admin",
  staff: "account",
  input: z.object({ lang: LangParam, current: z.string().min(1).max(200), password: StaffPassword }),
  output: z.object({ changed: z.literal(true) }),
  errors: ["fieldRequired", "signInFailed", "tooManyRequests"],
  async handler(input, { db, req, staff }) {
    await db.transaction((tx) => spendAllowance(tx, "staff-sign-in", { ip: req.ip, target: staff.email }));
    if (!(await changePassword(db, staff, input.current, input.password, readStaffSessionId(req) ?? ""))) throw new ApiError("signInFailed", "current");
    return { changed: true as const };
  },
});

export const totpBegin = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/account/totp/begin",
  summary:
    "Starts setting up a second factor: a new secret, its otpauth:// address and a QR code (SVG); not active until confirmed. 10409 while a second factor is on (turn it off with the password first)",
  tag: "admin",
  staff: "account",
  input: z.object({ lang: LangParam }),
  output: z.object({ secret: z.string(), uri: z.string(), qr_svg: z.string() }),
  errors: ["editConflict"],
  async handler(_input, { db, staff }) {
    const started = await beginTotp(db, staff);
    if (!started) throw new ApiError("editConflict", "code", "The second factor is on: turn it off with your password before setting up a new one.");
    return { ...started, qr_svg: await QRCode.toString(started.uri, { type: "svg", margin: 1 }) };
  },
});

export const totpConfirm = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/account/totp/confirm",
  summary: "Turns the second factor on with a current code from the authenticator app (10402 when the code is wrong); every other session of the account ends",
  tag: "admin",
  staff: "account",
  input: z.object({ lang: LangParam, code: TotpCode }),
  output: z.object({ enabled: z.literal(true) }),
  errors: ["fieldRequired", "signInFailed", "tooManyRequests"],
  async handler(input, { db, req, staff }) {
    await db.transaction((tx) => spendAllowance(tx, "staff-link", { ip: req.ip }));
    if (!(await confirmTotp(db, staff, input.code, readStaffSessionId(req) ?? ""))) throw new ApiError("signInFailed", "code");
    return { enabled: true as const };
  },
});

export const totpDisable = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/account/totp/disable",
  summary: "Turns the second factor off (the password is required)",
  tag: "admin",
  staff: "account",
  input: z.object({ lang: LangParam, password: z.string().min(1).max(200) }),
  output: z.object({ enabled: z.literal(false) }),
  errors: ["fieldRequired", "signInFailed", "tooManyRequests"],
  async handler(input, { db, req, staff }) {
    await db.transaction((tx) => spendAllowance(tx, "staff-sign-in", { ip: req.ip, target: staff.email }));
    if (!(await disableTotp(db, staff, input.password))) throw new ApiError("signInFailed", "password");
    return { enabled: false as const };
  },
});

export const staffList = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/staff",
  summary: "Every staff account with its role, whether it has a password and a second factor, and when it was last active",
  tag: "admin",
  staff: "staff",
  input: z.object({ lang: LangParam }),
  output: z.object({ list: z.array(StaffView) }),
  errors: [],
  async handler(_input, { db }) {
    return { list: await listStaff(db) };
  },
});

export const staffInvite = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/staff/invite",
  summary: "Invites a staff member with a role: answers the one-time link (48 hours) that lets them set a password; 10411 when the email has an account",
  tag: "admin",
  staff: "staff",
  input: z.object({ lang: LangParam, email: StaffEmail, name: z.string().trim().max(80).default(""), role: z.enum(STAFF_ROLES) }),
  output: z.object({ id: z.number().int(), link: z.string() }),
  errors: ["fieldRequired", "alreadyExists"],
  async handler(input, { db, req, staff }) {
    try {
      const created = await createStaff(db, { email: input.email, name: input.name, role: input.role }, staff);
      return { id: created.id, link: passwordLink(originOf(req), created.token) };
    } catch (err) {
      if (err instanceof StaffConflict) throw new ApiError("alreadyExists", "email");
      throw err;
    }
  },
});

export const staffUpdate = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/staff/update",
  summary:
    "Changes a staff member's role or disables/enables the account (disabling ends its sessions); the last active admin cannot be demoted or disabled (10409)",
  tag: "admin",
  staff: "staff",
  input: z.object({
    lang: LangParam,
    id: IdParam,
    role: z.enum(STAFF_ROLES).optional(),
    // Not z.coerce.boolean(): that reads the text "false" as true.
    disabled: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional(),
  }),
  output: StaffView,
  errors: ["notFound", "editConflict"],
  async handler(input, { db, staff }) {
    const outcome = await updateStaff(db, staff, input.id, { role: input.role, disabled: input.disabled });
    if (outcome === null) throw new ApiError("notFound", "id");
    if (outcome === "last-admin") throw new ApiError("editConflict", "role", "At least one active admin must remain.");
    return outcome;
  },
});

export const staffResetLink = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/staff/reset-link",
  summary: "A new one-time password link for a staff member (earlier links stop working)",
  tag: "admin",
  staff: "staff",
  input: z.object({ lang: LangParam, id: IdParam }),
  output: z.object({ link: z.string() }),
  errors: ["notFound"],
  async handler(input, { db, req, staff }) {
    const token = await resetPasswordLink(db, staff, input.id);
    if (!token) throw new ApiError("notFound", "id");
    return { link: passwordLink(originOf(req), token) };
  },
});

const AuditView = z.object({
  id: z.number().int(),
  staff_email: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  subject: z.string().nullable().describe("What the entry is about in words where known (staff entries: the account's email)"),
  before: z.unknown(),
  after: z.unknown(),
  at: z.string(),
  restorable: z.boolean().describe("Whether POST /admin/audit/restore can undo this entry"),
});

export const auditList = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/audit",
  summary: "The audit log, newest first: who did what, when, with the record before and after; filter by entity or staff email",
  tag: "admin",
  staff: "audit",
  input: z.object({ lang: LangParam, ...PageParams, entity: z.string().trim().max(40).optional(), staff: z.string().trim().max(254).optional() }),
  output: paged(AuditView),
  errors: [],
  async handler(input, { db }) {
    const { list, total } = await listAudit(db, { page: input.page, pageSize: input.page_size, entity: input.entity, staff: input.staff });
    return { list, total, page: input.page, page_size: input.page_size };
  },
});

export const auditRestore = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/audit/restore",
  summary:
    "Undoes one audit entry from the record it kept (entries with `restorable`): a weekly schedule save puts the schedule before it back, if the schedule is still what that save left (10409 otherwise: undo the later saves first), and makes the slots again; a comment's deletion puts the comment back with its id (10411 when it is back already, 10404 when its article is gone). Another entry is 10101, an unknown one 10404. Audited as restore (itself undoable for the schedule)",
  tag: "admin",
  staff: "audit",
  // A JSON number, never a coerced string or boolean: the entry decides what is changed.
  input: z.object({ lang: LangParam, id: z.number().int().min(1).max(2_147_483_647) }),
  output: z.object({ entity: z.string(), entity_id: z.string(), restored: z.literal(true) }),
  errors: ["fieldRequired", "invalidValue", "notFound", "editConflict", "alreadyExists"],
  async handler({ id }, { db, staff, settings }) {
    const entity = await auditEntity(db, id);
    if (entity === null) throw new ApiError("notFound", "id");
    if (entity === "booking-schedule") {
      const outcome = await restoreSchedule(db, staff, { auditId: id, timeZone: settings.businessTimeZone });
      if (outcome.ok) return { entity, entity_id: "weekly", restored: true as const };
      if (outcome.reason === "conflict") throw new ApiError("editConflict", "id", "The schedule has changed since this entry; undo the later changes first.");
      if (outcome.reason === "missing") throw new ApiError("notFound", "id");
      throw new ApiError("invalidValue", "id");
    }
    if (entity === "comment") {
      const outcome = await restoreComment(db, staff, id);
      if (outcome.ok) return { entity, entity_id: String(outcome.id), restored: true as const };
      if (outcome.reason === "exists") throw new ApiError("alreadyExists", "id");
      if (outcome.reason === "missing" || outcome.reason === "article-gone")
        throw new ApiError("notFound", "id", outcome.reason === "article-gone" ? "The comment's article has been deleted." : undefined);
      throw new ApiError("invalidValue", "id");
    }
    throw new ApiError("invalidValue", "id");
  },
});
