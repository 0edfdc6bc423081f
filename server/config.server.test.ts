import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, hostPlanOf, loadConfig } from "./config.server";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR).toBe(path.resolve("data"));
    expect(c.SEED_DEMO_CONTENT).toBe(true);
  });
  it("reads overrides and treats empty values as unset", () => {
    const c = loadConfig({ PORT: "8080", HOST: "127.0.0.1", DATA_DIR: "/tmp/x", DATABASE_URL: "", SEED_DEMO_CONTENT: "false" });
    expect(c).toMatchObject({ PORT: 8080, HOST: "127.0.0.1", DATA_DIR: "/tmp/x", SEED_DEMO_CONTENT: false });
    expect(c.DATABASE_URL).toBeUndefined();
  });
  it("stops on a bad value with a message naming the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ LANGUAGE_HOSTS: "{not json" })).toThrow(/LANGUAGE_HOSTS/);
    expect(() => loadConfig({ LANGUAGE_HOSTS: '{"pro":{"en":"nope"}}' })).toThrow(/LANGUAGE_HOSTS/);
  });
  it("reads WEB_CONCURRENCY as a number of processes, or one per core for auto", () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: "4" }).WEB_CONCURRENCY).toBe(4);
    expect(loadConfig({ WEB_CONCURRENCY: "auto" }).WEB_CONCURRENCY).toBe(os.availableParallelism());
    expect(() => loadConfig({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ WEB_CONCURRENCY: "many" })).toThrow(/WEB_CONCURRENCY/);
  });
  it("bounds V8's heap growth by default, and logs memory only when asked", () => {
    expect(loadConfig({}).HEAP_GROWING_PERCENT).toBe(50);
    expect(loadConfig({ HEAP_GROWING_PERCENT: "0" }).HEAP_GROWING_PERCENT).toBe(0);
    expect(loadConfig({}).MEMORY_LOG_SECONDS).toBe(0);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: "-1" })).toThrow(/HEAP_GROWING_PERCENT/);
  });
  it("derives the current mode's hosts", () => {
    const hosts = '{"pro":{"en":"https://www.a.test/","zh":"https://www.a-cn.test"}}';
    expect(hostPlanOf(loadConfig({ SITE_MODE: "pro", LANGUAGE_HOSTS: hosts }))).toEqual({ en: "https://www.a.test", zh: "https://www.a-cn.test" });
    expect(hostPlanOf(loadConfig({ SITE_MODE: "pre", LANGUAGE_HOSTS: hosts, SITE_ORIGIN: "https://pre.a.test" }))).toEqual({ en: "https://pre.a.test" });
  });
});
