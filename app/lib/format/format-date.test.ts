import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDate, rememberWrittenDates, writtenDates } from "./format-date";

describe("dates the server wrote into the page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("are one text per UTC day, the same the browser would build", () => {
    expect(writtenDates("fr", [])).toEqual({});
    // A timestamp a page does not have (a search hit with no date) is skipped.
    expect(writtenDates("fr", [null, undefined])).toEqual({});
    expect(writtenDates("fr", ["2026-03-01T23:30:00.000Z", "2026-03-01T08:00:00Z", "2026-03-02T00:10:00+02:00", "not a date"])).toEqual({
      "2026-03-01": formatDate("2026-03-01T08:00:00Z", "fr"),
      // 00:10 at +02:00 is still the 1st in UTC, the zone the page prints in.
    });
    expect(formatDate("2026-03-01T08:00:00Z", "fr")).toBe(
      new Intl.DateTimeFormat("fr-FR", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(Date.UTC(2026, 2, 1)),
    );
  });

  it("are reused in the browser for their language and day, and only those", () => {
    vi.stubGlobal("document", {});
    rememberWrittenDates("ru", { "2026-05-04": "written 4 May" });
    expect(formatDate("2026-05-04T12:00:00.000Z", "ru")).toBe("written 4 May");
    expect(formatDate("2026-05-04T21:00:00-05:00", "ru")).not.toContain("written"); // the 5th in UTC
    expect(formatDate("2026-05-04T12:00:00.000Z", "uk")).not.toContain("written");
  });

  it("are not kept on the server, where every page formats its own", () => {
    rememberWrittenDates("tr", { "2026-05-04": "written" });
    expect(formatDate("2026-05-04T12:00:00.000Z", "tr")).not.toContain("written");
  });
});
