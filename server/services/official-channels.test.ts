import { describe, expect, it } from "vitest";
import { siteOrigins, type OfficialChannelSettings } from "./official-channels.server";

const settings = (over: Partial<OfficialChannelSettings>): OfficialChannelSettings => ({
  SITE_MODE: "development",
  SITE_ORIGIN: "http://localhost:3000",
  LANGUAGE_HOSTS: undefined,
  DOWNLOAD_BASE_URL: "/downloads",
  CHAT_HUANXIN_SCRIPT: "https://kefu.easemob.com/webim/easemob.js",
  ...over,
});

describe("siteOrigins", () => {
  it("is SITE_ORIGIN alone when no mode has hosts", () => {
    expect(siteOrigins(settings({}))).toEqual([{ origin: "http://localhost:3000", lang: "en", current: true }]);
  });

  it("lists every mode's hosts once, this mode's first", () => {
    const hosts = {
      pro: { en: "https://www.facetbrowser.com/", zh: "https://www.facetbrowser.cn" },
      pre: { en: "https://pre.facetbrowser.com", zh: "https://www.facetbrowser.cn" },
    };
    expect(siteOrigins(settings({ SITE_MODE: "pre", LANGUAGE_HOSTS: hosts }))).toEqual([
      { origin: "https://pre.facetbrowser.com", lang: "en", current: true },
      { origin: "https://www.facetbrowser.cn", lang: "zh", current: true },
      { origin: "https://www.facetbrowser.com", lang: "en", current: false },
    ]);
    // A mode without hosts serves SITE_ORIGIN, and the other modes' hosts are still ours.
    expect(siteOrigins(settings({ LANGUAGE_HOSTS: hosts })).map((o) => o.origin)).toEqual([
      "http://localhost:3000",
      "https://www.facetbrowser.com",
      "https://www.facetbrowser.cn",
      "https://pre.facetbrowser.com",
    ]);
  });
});
