/**
 * Ids and page numbers in a page's address are read by one rule (contracts/address-numbers.ts):
 * canonical digits within PostgreSQL's integer. A larger id named nothing, but it reached the
 * query and failed it: /blog/2147483648 answered 500 and logged the failed query as an error.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServerOnTestDatabase } from "../support/server-process";

let site: Awaited<ReturnType<typeof startServerOnTestDatabase>>;
beforeAll(async () => {
  site = await startServerOnTestDatabase({});
}, 120_000);
afterAll(async () => {
  await site?.stop();
});

it("answers 404, never 500, for an id beyond PostgreSQL's integer or a page number that is not canonical digits", { timeout: 60_000 }, async () => {
  const paths = [
    "/blog/2147483648",
    "/zh/news/9999999999",
    "/helps/2147483648",
    "/release/2147483648",
    "/partner/9999999999",
    "/pre-sales/booking/2147483648?token=x",
    "/blog?page=0x2",
    "/blog?page=%201",
    "/release?page=1e1",
    "/helps?page=01",
  ];
  const answers: string[] = [];
  for (const path of paths) answers.push(`${(await fetch(site.server.baseUrl + path, { redirect: "manual" })).status} ${path}`);
  expect(answers).toEqual(paths.map((path) => `404 ${path}`));
  expect(site.server.logs.filter((l) => /"level":(50|60)/.test(l))).toEqual([]);
});
