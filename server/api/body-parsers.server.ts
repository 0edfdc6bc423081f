/**
 * Request bodies: JSON, form-encoded and multipart (the spec's calls use all three), each with a
 * size limit. Anything else with a body is 415. Failures become ApiErrors, never 500s.
 */
import busboy from "busboy";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { ApiError } from "./envelope.server";

export const BODY_LIMIT_BYTES = 64 * 1024;
/** Staff content documents (a whole FAQ or partner file in Hindi or Thai is ~40 KB of UTF-8 already). */
export const CONTENT_BODY_LIMIT_BYTES = 512 * 1024;
const MAX_FIELDS = 100;

function hasBody(req: Request): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/** Maps errors that carry a 4xx status (body-parser's, a bad URL's) to the catalogue. */
export function mapParserError(err: unknown): ApiError {
  const status = (err as { status?: number }).status ?? 400;
  if (status === 413) return new ApiError("bodyTooLarge");
  if (status === 415) return new ApiError("unsupportedMediaType");
  return new ApiError("malformedBody");
}

function wrap(parser: RequestHandler): RequestHandler {
  return (req, res, next) => parser(req, res, (err?: unknown) => (err ? next(mapParserError(err)) : next()));
}

/** JSON, including the types browsers use for violation reports. */
const JSON_TYPES = ["application/json", "application/*+json", "application/csp-report"];
const json = wrap(express.json({ limit: BODY_LIMIT_BYTES, type: JSON_TYPES }));
const contentJson = wrap(express.json({ limit: CONTENT_BODY_LIMIT_BYTES, type: JSON_TYPES }));
const urlencoded = wrap(express.urlencoded({ limit: BODY_LIMIT_BYTES, extended: false, parameterLimit: MAX_FIELDS }));

function multipart(req: Request, _res: Response, next: NextFunction): void {
  if (Number(req.headers["content-length"] ?? 0) > BODY_LIMIT_BYTES) return next(new ApiError("bodyTooLarge"));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fieldSize: BODY_LIMIT_BYTES, fields: MAX_FIELDS, files: 0, parts: MAX_FIELDS },
    });
  } catch {
    return next(new ApiError("malformedBody")); // e.g. no boundary
  }
  const body: Record<string, string> = Object.create(null);
  let failure: ApiError | undefined;
  let received = 0;
  const fail = (error: ApiError) => {
    if (failure) return;
    failure = error;
    req.unpipe(parser);
    req.resume(); // drain the rest so the connection can answer
    next(error);
  };
  req.on("data", (chunk: Buffer) => {
    received += chunk.length;
    if (received > BODY_LIMIT_BYTES) fail(new ApiError("bodyTooLarge"));
  });
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) return fail(new ApiError("bodyTooLarge"));
    body[name] = value;
  });
  parser.on("file", (_name, stream) => stream.resume());
  parser.on("filesLimit", () => fail(new ApiError("unsupportedMediaType")));
  parser.on("fieldsLimit", () => fail(new ApiError("bodyTooLarge")));
  parser.on("partsLimit", () => fail(new ApiError("bodyTooLarge")));
  parser.on("error", () => fail(new ApiError("malformedBody")));
  parser.on("close", () => {
    if (failure) return;
    req.body = body;
    next();
  });
  req.pipe(parser);
}

export const parseBody: RequestHandler = (req, res, next) => {
  if (!hasBody(req)) {
    req.body = {};
    return next();
  }
  if (req.is(JSON_TYPES)) return (req.path.startsWith("/admin/content/") ? contentJson : json)(req, res, next);
  if (req.is("application/x-www-form-urlencoded")) return urlencoded(req, res, next);
  if (req.is("multipart/form-data")) return multipart(req, res, next);
  req.resume();
  next(new ApiError("unsupportedMediaType"));
};
