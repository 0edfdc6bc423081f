import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";
import { handleProcessFaults } from "./process-faults.server";

const lines: { level: number; msg: string }[] = [];
const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
let stopHandling: (() => void) | undefined;
afterEach(() => {
  stopHandling?.();
  lines.length = 0;
});

describe("faults nobody handled", () => {
  it("logs a rejected promise nobody awaited and keeps the process serving", () => {
    const shutDowns: string[] = [];
    stopHandling = handleProcessFaults(logger, (reason) => shutDowns.push(reason));
    process.emit("unhandledRejection", new Error("forgotten"), Promise.resolve());
    expect(lines).toMatchObject([{ level: 50, msg: "unhandled promise rejection" }]);
    expect(shutDowns).toEqual([]);
  });

  it("logs an uncaught exception as fatal and shuts the process down in order", () => {
    const shutDowns: string[] = [];
    stopHandling = handleProcessFaults(logger, (reason) => shutDowns.push(reason));
    process.emit("uncaughtException", new Error("thrown"));
    expect(lines).toMatchObject([{ level: 60, msg: "uncaught exception; shutting down" }]);
    expect(shutDowns).toEqual(["uncaught exception"]);
  });
});
