import type { Response } from "express";
import { API_ERRORS, type ApiErrorKey } from "~/lib/api-errors";
import type { LangKey } from "~/i18n/languages";
import { translate } from "../i18n/messages.server";

export class ApiError extends Error {
  constructor(
    readonly key: ApiErrorKey,
    readonly field?: string,
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
    data: error.field ? { field: error.field } : null,
  });
}
