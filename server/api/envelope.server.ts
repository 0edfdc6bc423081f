import type { Response } from "express";
import { API_ERRORS, type ApiErrorKey } from "@contracts/api-errors";
import type { LangKey } from "~/i18n/languages";
import { translate } from "../i18n/messages.server";

export class ApiError extends Error {
  constructor(
    readonly key: ApiErrorKey,
    readonly field?: string,
    /** Details a staff member can act on (where a content file is invalid); never for visitors' input. */
    readonly detail?: string,
  ) {
    super(key);
  }
  get status(): number {
    return API_ERRORS[this.key].status;
  }
  get code(): number {
    return API_ERRORS[this.key].code;
  }
}

export function sendOk(res: Response, lang: LangKey, data: unknown): void {
  res.status(200).json({ code: 0, msg: translate(lang, "errors", "ok"), data });
}

export function sendError(res: Response, lang: LangKey, error: ApiError): void {
  const { code, status } = API_ERRORS[error.key];
  res.status(status).json({
    code,
    msg: translate(lang, "errors", error.key),
    data: error.field || error.detail ? { ...(error.field ? { field: error.field } : {}), ...(error.detail ? { detail: error.detail } : {}) } : null,
  });
}
