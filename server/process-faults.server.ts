/**
 * What the process does with a fault nobody handled (docs/decisions/0012, Recovery). A promise
 * nobody awaited that rejects is a bug to log, not a reason to drop every request in flight
 * (Node's default ends the process). An exception nobody caught leaves the process in a state
 * nobody knows, so that one still ends it, in order: `shutDown` lets requests finish and stops
 * the embedded database, and the primary (or the operator's supervisor) starts the process again.
 */
import type { Logger } from "./logger.server";

export function handleProcessFaults(logger: Logger, shutDown: (reason: string) => void): () => void {
  const onRejection = (reason: unknown) => logger.error({ err: reason }, "unhandled promise rejection");
  const onException = (err: Error) => {
    logger.fatal({ err }, "uncaught exception; shutting down");
    shutDown("uncaught exception");
  };
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);
  return () => {
    process.off("unhandledRejection", onRejection);
    process.off("uncaughtException", onException);
  };
}
