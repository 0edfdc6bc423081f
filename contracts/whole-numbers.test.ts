import { describe, expect, it } from "vitest";
import { z } from "zod";
import { idFromPath, pageFromQuery, wholeNumberFromQuery } from "./address-numbers";
import { IdParam, INT32_MAX, wholeNumber } from "./whole-numbers";

describe("whole numbers from a request", () => {
  it("takes a JSON integer or digits-only text", () => {
    expect(IdParam.parse(7)).toBe(7);
    expect(IdParam.parse("7")).toBe(7);
    expect(IdParam.parse("007")).toBe(7);
    expect(IdParam.parse(INT32_MAX)).toBe(INT32_MAX);
    expect(wholeNumber(0, 6).parse("0")).toBe(0);
  });

  it.each([
    true,
    false,
    null,
    [],
    [1],
    ["1"],
    {},
    "",
    " ",
    " 1",
    "1 ",
    "1e3",
    "0x10",
    "+1",
    "-1",
    "1.0",
    1.5,
    "1.5",
    "NaN",
    "Infinity",
    Infinity,
    NaN,
    0,
    "0",
    INT32_MAX + 1,
    "2147483648",
    "99999999999999999999",
    -1,
  ])("refuses %j as an id", (value) => {
    expect(IdParam.safeParse(value).success).toBe(false);
  });

  it("keeps a default for a missing value only", () => {
    const Page = z.object({ page: wholeNumber(1, 10).default(1) });
    expect(Page.parse({}).page).toBe(1);
    expect(Page.safeParse({ page: null }).success).toBe(false);
    expect(Page.safeParse({ page: true }).success).toBe(false);
  });

  it("describes its input as an integer or digits in JSON Schema", () => {
    const schema = z.toJSONSchema(IdParam, { io: "input", unrepresentable: "any" }) as { anyOf?: { type: string }[] };
    expect(schema.anyOf?.map((s) => s.type).sort()).toEqual(["integer", "string"]);
  });
});

describe("whole numbers in a page's address", () => {
  it("takes canonical ids within PostgreSQL's integer only", () => {
    expect(idFromPath("12")).toBe(12);
    expect(idFromPath(String(INT32_MAX))).toBe(INT32_MAX);
    for (const bad of [undefined, null, "", "0", "012", " 1", "1e3", "0x1", "-1", "1.0", "2147483648", "9999999999", "99999999999"])
      expect(idFromPath(bad), String(bad)).toBeNull();
  });

  it("reads ?page= as 1 when absent and refuses anything but 1..max", () => {
    expect(pageFromQuery(null)).toBe(1);
    expect(pageFromQuery("3")).toBe(3);
    for (const bad of ["", "0", "01", " 1", "1e1", "0x2", "10001"]) expect(pageFromQuery(bad), bad).toBeNull();
  });

  it("keeps a form's state from the query only when it is digits within range", () => {
    expect(wholeNumberFromQuery("2", 0, 100, 0)).toBe(2);
    for (const bad of [null, "1e1", " 2", "101", "-1", "true"]) expect(wholeNumberFromQuery(bad, 0, 100, 0), String(bad)).toBe(0);
  });
});
