import pino from "pino";

export type Logger = pino.Logger;

/** Secrets and bodies never reach the logs: these paths are redacted wherever they appear. */
const REDACT = [
  "req.headers.cookie",
  "req.headers.authorization",
  "res.headers[\"set-cookie\"]",
  "password",
  "*.password",
  "connectionString",
  "*.connectionString",
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT, censor: "[redacted]" }, base: { pid: process.pid } }, destination);
}
