import pino from "pino";

export type Logger = pino.Logger;

/** Secrets and bodies never reach the logs: these paths are redacted wherever they appear. */
const REDACT = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "password",
  "*.password",
  "connectionString",
  "*.connectionString",
  // A failed query's values (drizzle's DrizzleQueryError): what a visitor sent, personal data included; the query text is enough.
  "err.params",
];

/** A failed query (drizzle's DrizzleQueryError) writes its values into its message and stack too: they go. */
function serializeError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (err && typeof err === "object" && "query" in err && "params" in err) {
    const withoutValues = (text: unknown) => (typeof text === "string" ? text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, "") : text);
    out.message = withoutValues(out.message);
    out.stack = withoutValues(out.stack);
  }
  return out;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT, censor: "[redacted]" }, serializers: { err: serializeError }, base: { pid: process.pid } }, destination);
}
