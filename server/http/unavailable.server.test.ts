import { describe, expect, it } from "vitest";
import { unavailableReasonOf } from "./unavailable.server";

/** What drizzle throws: its own error, with the driver's as the cause. */
function wrapped(cause: Error): Error {
  return new Error("Failed query: SELECT 1\nparams: ", { cause });
}

describe("unavailableReasonOf", () => {
  it("names a query that found no free pool connection in time", () => {
    expect(unavailableReasonOf(wrapped(new Error("timeout exceeded when trying to connect")))).toBe("pool exhausted");
  });

  it("names a database that does not answer", () => {
    expect(unavailableReasonOf(wrapped(Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" })))).toBe(
      "database unavailable",
    );
    expect(unavailableReasonOf(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe("database unavailable");
    expect(unavailableReasonOf(wrapped(new Error("Connection terminated due to connection timeout")))).toBe("database unavailable");
  });

  it("leaves the request's and the code's own faults alone", () => {
    expect(unavailableReasonOf(wrapped(Object.assign(new Error("duplicate key value"), { code: "23505" })))).toBeUndefined();
    expect(unavailableReasonOf(new TypeError("x is undefined"))).toBeUndefined();
    expect(unavailableReasonOf(undefined)).toBeUndefined();
  });
});
