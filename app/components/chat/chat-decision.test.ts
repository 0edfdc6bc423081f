import { describe, expect, it, vi } from "vitest";
import { chatScriptUrl, chatSetup, chatToOpen, NO_CHAT, type ChatConfig } from "./chat-decision";

const SALES = "https://chat.test/sales.js";
const EASEMOB = "https://kefu.easemob.com/webim/easemob.js";
const config = (chat: string, js = SALES, extra: Partial<ChatConfig> = {}): ChatConfig => ({
  chat,
  chat_info: { js: `<script src="${js}" async></script>`, easemob_js: `<script src="${EASEMOB}"></script>` },
  setup: true,
  autostart: false,
  ...extra,
});

describe("chat set-up (spec section 4)", () => {
  it("loads the robot script and no human chat for SS_ROBOT", () => {
    expect(chatSetup(config("SS_ROBOT"))).toEqual({ script: SALES, humanChat: false, widget: "sales", easemobScript: EASEMOB, autostart: false });
  });
  it("loads the human-chat script for SS_HUMAN", () => {
    expect(chatSetup(config("SS_HUMAN"))).toMatchObject({ script: SALES, humanChat: true, widget: "sales" });
  });
  it("loads the fixed easemob script for HUAN_XIN", () => {
    expect(chatSetup(config("HUAN_XIN", EASEMOB))).toMatchObject({ script: EASEMOB, humanChat: true, widget: "easemob" });
  });
  it("loads the configured script for any other type", () => {
    expect(chatSetup(config("TAWK", "https://embed.test/x.js"))).toMatchObject({ script: "https://embed.test/x.js", humanChat: true, widget: "sales" });
  });
  it("sets nothing up for the excluded visitor, or without a config", () => {
    expect(chatSetup(config("SS_HUMAN", SALES, { setup: false }))).toEqual(NO_CHAT);
    expect(chatSetup(null)).toEqual(NO_CHAT);
  });
  it("passes the autostart flag on", () => {
    expect(chatSetup(config("SS_HUMAN", SALES, { autostart: true })).autostart).toBe(true);
  });
  it("refuses script addresses that are not https .js", () => {
    for (const bad of [
      "http://chat.test/a.js",
      "https://chat.test/a.php",
      "javascript:alert(1)",
      "data:text/javascript,1",
      "https://user:pw@chat.test/a.js",
      "",
      "<script>alert(1)</script>",
    ]) {
      expect(chatScriptUrl(bad), bad).toBeNull();
      expect(chatSetup(config("SS_HUMAN", bad)).script, bad).toBeNull();
    }
    expect(chatScriptUrl(`<script type="text/javascript" src='${SALES}'></script>`)).toBe(SALES);
    expect(chatScriptUrl(SALES)).toBe(SALES);
  });
});

describe("opening chat (spec section 4)", () => {
  const human = chatSetup(config("SS_HUMAN"))!;
  const robot = chatSetup(config("SS_ROBOT"))!;
  const present = (sales: boolean, easemob: boolean) => async (w: "sales" | "easemob") => (w === "sales" ? sales : easemob);

  it("opens the sales chat without asking when human chat is off", async () => {
    const choose = vi.fn(async () => "easemob" as const);
    expect(await chatToOpen(robot, present(true, true), choose)).toBe("sales");
    expect(choose).not.toHaveBeenCalled();
  });
  it("asks which chat when human chat is on: ss opens the sales chat", async () => {
    expect(await chatToOpen(human, present(true, true), async () => "ss")).toBe("sales");
  });
  it("easemob or anything else opens the other widget", async () => {
    expect(await chatToOpen(human, present(true, true), async () => "easemob")).toBe("easemob");
    expect(await chatToOpen(human, present(true, true), async () => "whatever")).toBe("easemob");
    expect(await chatToOpen(human, present(true, true), async () => null)).toBe("easemob");
  });
  it("falls back to the sales chat when the other widget is missing, and to the form when that is missing too", async () => {
    expect(await chatToOpen(human, present(true, false), async () => "easemob")).toBe("sales");
    expect(await chatToOpen(human, present(false, false), async () => "easemob")).toBe("form");
    expect(await chatToOpen(human, present(false, true), async () => "ss")).toBe("form");
    expect(await chatToOpen(robot, present(false, false), async () => "ss")).toBe("form");
    expect(await chatToOpen(NO_CHAT, present(false, false), async () => "ss")).toBe("form");
  });
});
