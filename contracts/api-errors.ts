import type errorsEn from "~/locales/en/errors.json";

/** Message keys of the errors namespace; each names one outcome of the API. */
export type ApiErrorKey = Exclude<keyof typeof errorsEn, "ok">;

/**
 * The API's error catalogue: business code and HTTP status for every outcome.
 * 100xx codes below 10100 and 10100 itself come from the specification (section 8); the
 * others (10001, 10101, 10400, 10403, 10404, 10405, 10413, 10415, 10480, 10500, 10503) are ours (docs/decisions/0006).
 */
export const API_ERRORS = {
  tooManyRequests: { code: 10030, status: 429 },
  commentFailed: { code: 10031, status: 500 },
  tooManyRecent: { code: 10042, status: 429 },
  slotFullyBooked: { code: 10043, status: 409 },
  appointmentNotFound: { code: 10044, status: 404 },
  articleNotFound: { code: 10100, status: 404 },
  fieldRequired: { code: 10100, status: 400 },
  invalidValue: { code: 10101, status: 400 },
  cookiesRequired: { code: 10400, status: 400 },
  malformedBody: { code: 10001, status: 400 },
  bodyTooLarge: { code: 10413, status: 413 },
  requestTimeout: { code: 10480, status: 408 },
  unsupportedMediaType: { code: 10415, status: 415 },
  notFound: { code: 10404, status: 404 },
  crossSiteRequest: { code: 10403, status: 403 },
  methodNotAllowed: { code: 10405, status: 405 },
  sessionRequired: { code: 10401, status: 401 },
  signInFailed: { code: 10402, status: 401 },
  secondFactorRequired: { code: 10406, status: 401 },
  forbidden: { code: 10407, status: 403 },
  csrfTokenInvalid: { code: 10408, status: 403 },
  editConflict: { code: 10409, status: 409 },
  linkExpired: { code: 10410, status: 410 },
  alreadyExists: { code: 10411, status: 409 },
  contentInvalid: { code: 10422, status: 422 },
  internal: { code: 10500, status: 500 },
  serviceUnavailable: { code: 10503, status: 503 },
} as const satisfies Record<ApiErrorKey, { code: number; status: number }>;

export interface ApiEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}
