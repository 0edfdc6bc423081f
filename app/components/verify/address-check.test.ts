import { describe, expect, it } from "vitest";
import type { OfficialChannel } from "@contracts/official-channels";
import { checkAddress, skeleton } from "./address-check";

const OFFICIAL: OfficialChannel[] = [
  { kind: "site", slug: "site-global", name: "Website", url: "https://www.facetbrowser.com" },
  { kind: "site", slug: "site-china", name: "Website for mainland China", url: "https://www.facetbrowser.cn" },
  { kind: "site", slug: "site-global", name: "Website", url: "http://127.0.0.1:3230" },
  { kind: "download", slug: "download-cdn", name: "Download server", url: "https://download.facetbrowser.com" },
  { kind: "chat", slug: "chat", name: "Chat", url: "https://kefu.easemob.com/webim/easemob.js" },
  { kind: "social", slug: "telegram", name: "Telegram", url: "https://t.me/facetbrowser" },
  { kind: "social", slug: "x", name: "X", url: "https://x.com/facetbrowser" },
  { kind: "email", slug: "support-email", name: "Support e-mail", url: "mailto:support@facetbrowser.com" },
];

const check = (address: string) => checkAddress(address, OFFICIAL)!;
const codes = (address: string) => check(address).reasons.map((r) => r.code);

describe("checkAddress", () => {
  it("passes every official host, with its channel, and our own subdomains", () => {
    for (const address of [
      "https://www.facetbrowser.com/download",
      "www.facetbrowser.cn",
      "http://127.0.0.1:3230/verify",
      "https://download.facetbrowser.com/v3/Facet-3.0.exe",
    ]) {
      expect(check(address).status, address).toBe("official");
    }
    expect(check("download.facetbrowser.com/x.dmg").channel?.slug).toBe("download-cdn");
    expect(check("https://help.facetbrowser.com").status).toBe("official");
    expect(check("t.me/facetbrowser").channel?.slug).toBe("telegram");
    expect(check("https://twitter.com/FacetBrowser/status/1").channel?.slug).toBe("x");
    expect(check("support@facetbrowser.com").channel?.slug).toBe("support-email");
    expect(check("kefu.easemob.com").channel?.slug).toBe("chat");
  });

  it("flags a lookalike by edit distance, hyphen included, naming the domain it imitates", () => {
    for (const address of ["facetbrowsr.com", "https://facetbrovvser.com/download", "facet-browser.com", "www.faceetbrowser.cn"]) {
      expect(check(address).status, address).toBe("suspicious");
      expect(check(address).reasons[0], address).toMatchObject({ code: "lookalike", ours: expect.stringMatching(/^facetbrowser\.(com|cn)$/) });
    }
  });

  it("points out a Cyrillic а, its script and what it imitates, and shows the xn-- form", () => {
    const verdict = check("https://www.f\u0430cetbrowser.com/login");
    expect(verdict.status).toBe("suspicious");
    expect(verdict.host).toBe("www.f\u0430cetbrowser.com");
    expect(verdict.asciiHost).toMatch(/^www\.xn--/);
    // Its owner is named as sent: in Unicode it would read exactly like ours.
    expect(verdict.owner).toMatch(/^xn--[a-z0-9-]+\.com$/);
    expect(verdict.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(["mixedScripts", "confusable"]));
    const confusable = verdict.reasons.find((r) => r.code === "confusable");
    expect(confusable).toMatchObject({ ours: "facetbrowser.com", characters: [{ char: "\u0430", codePoint: "U+0430", script: "Cyrl", looksLike: "a" }] });
  });

  it("decodes a pasted xn-- name and finds the same lookalike in it", () => {
    const ascii = new URL("https://f\u0430cetbrowser.com").hostname;
    const verdict = check(ascii);
    expect(verdict.host).toBe("f\u0430cetbrowser.com");
    expect(verdict.asciiHost).toBe(ascii);
    expect(verdict.reasons.map((r) => r.code)).toContain("confusable");
  });

  it("catches digits drawn like letters and whole names in another script", () => {
    expect(codes("facetbr0wser.com")).toContain("confusable");
    // Every letter Cyrillic except the Latin-only ones: still our name by skeleton.
    expect(codes("\u0430\u0441\u0435.facetbrowser.evil.io")).toContain("nameInside");
    expect(skeleton("f\u0430\u0441etbr\u043ewser")).toBe("facetbrowser");
  });

  it("names the real owner when our name sits inside another domain", () => {
    for (const [address, owner] of [
      ["facetbrowser.com.evil.io", "evil.io"],
      ["https://facetbrowser-download.com/setup.exe", "facetbrowser-download.com"],
      ["login-facetbrowser.net", "login-facetbrowser.net"],
    ]) {
      expect(check(address!).reasons[0], address).toEqual({ code: "nameInside", owner });
      expect(check(address!).owner).toBe(owner);
    }
    const ours = ["facetbrowser.com", "facetbrowser.cn"];
    expect(check("facetbrowser.net").reasons[0]).toEqual({ code: "otherSuffix", owner: "facetbrowser.net", ours });
    // A page on a shared host belongs to its user (the Public Suffix List's private part).
    expect(check("facetbrowser.github.io").reasons[0]).toEqual({ code: "otherSuffix", owner: "facetbrowser.github.io", ours });
  });

  it("flags installers on hosts that are not ours", () => {
    expect(codes("https://files.example.org/FacetBrowser-Setup-3.0.exe")).toEqual(["unofficialDownload"]);
    expect(codes("https://mirror.example.org/Facet.AppImage")).toEqual(["unofficialDownload"]);
    expect(check("https://mirror.example.org/Facet.AppImage").reasons[0]).toEqual({ code: "unofficialDownload", file: "Facet.AppImage" });
  });

  it("sees through user names, plain http, raw IP hosts and non-web schemes", () => {
    const trick = check("https://www.facetbrowser.com@evil.io/download");
    expect(trick.status).toBe("suspicious");
    expect(trick.host).toBe("evil.io");
    expect(trick.reasons[0]).toEqual({ code: "userinfo", shown: "www.facetbrowser.com", host: "evil.io" });
    expect(codes("http://facetbrowser-app.example")).toEqual(["plainHttp", "nameInside"]);
    expect(check("http://www.facetbrowser.com").reasons).toEqual([{ code: "plainHttp" }]);
    expect(check("http://www.facetbrowser.com").status).toBe("official");
    expect(codes("http://203.0.113.7/Facet.exe")).toEqual(["plainHttp", "ipHost", "unofficialDownload"]);
    expect(check("https://0xcb.0.113.7/").reasons).toEqual([{ code: "ipHost", ip: "203.0.113.7" }]);
    expect(check("javascript:alert(1)").reasons).toEqual([{ code: "scriptScheme", scheme: "javascript" }]);
    expect(check("data:text/html,<b>x</b>").status).toBe("suspicious");
    expect(check("ftp://files.example.org").reasons).toEqual([{ code: "otherScheme", scheme: "ftp" }]);
  });

  it("refuses chat and messenger invitations that are not our accounts", () => {
    expect(check("https://t.me/facetbrowser_support").reasons).toEqual([{ code: "otherAccount", service: "Telegram", ours: "https://t.me/facetbrowser" }]);
    expect(check("https://wa.me/15550100").reasons).toEqual([{ code: "messenger", service: "WhatsApp" }]);
    expect(check("discord.gg/abc").status).toBe("suspicious");
    expect(check("billing@facetbrowser-help.com").reasons[0]).toEqual({ code: "nameInside", owner: "facetbrowser-help.com" });
  });

  it("reads an address as people paste it: in brackets or quotes, defanged, or fully qualified", () => {
    expect(check("<https://www.facetbrowser.com/download>").status).toBe("official");
    expect(check("“www.facetbrowser.cn”").status).toBe("official");
    expect(check("www.facetbrowser.com.").status).toBe("official");
    expect(check("hxxps://facetbrowser[.]com[.]evil[.]io/setup.exe")).toMatchObject({ host: "facetbrowser.com.evil.io", owner: "evil.io" });
  });

  it("vouches for nothing else, and says when the address cannot be read", () => {
    expect(check("https://www.example.org/page")).toMatchObject({ status: "unknown", reasons: [], owner: "example.org" });
    expect(check("https://exa mple")).toMatchObject({ status: "invalid" });
    expect(checkAddress("   ", OFFICIAL)).toBeNull();
  });
});
