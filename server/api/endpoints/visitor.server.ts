import { z } from "zod";
import { MessageFields } from "~/lib/message-rules.server";
import { chatConfig, chooseChat, leaveMessage } from "../../services/chat.server";
import { countryOf } from "../../infrastructure/geo.server";
import { defineEndpoint, LangParam } from "../endpoint.server";

const Ip = z.union([z.ipv4(), z.ipv6()]);

export const visitorIp = defineEndpoint({
  methods: ["get"],
  path: "/visitor/ip",
  summary:
    "The visitor's address as the server sees it (the forwarded one only behind a configured trusted proxy) and its ISO country from the shipped IP-to-country database; null for private addresses",
  tag: "visitor",
  input: z.object({ lang: LangParam }),
  output: z.object({ ip: z.string(), ip_data: z.object({ country: z.string().nullable() }) }),
  errors: [],
  async handler(_input, { req, res }) {
    res.setHeader("Cache-Control", "private, no-store");
    const ip = req.ip ?? "";
    return { ip, ip_data: { country: await countryOf(ip) } };
  },
});

export const chatConfigEndpoint = defineEndpoint({
  methods: ["get"],
  path: "/third/chat/config",
  summary:
    "The chat type config of the language: SS_ROBOT, SS_HUMAN, HUAN_XIN or another value, the script tag that type loads (https .js), the easemob script, whether this visitor gets chat at all (`setup`: false for the one excluded address) and whether the widget opens by itself",
  tag: "visitor",
  input: z.object({ lang: LangParam, type: z.enum(["www"]).default("www") }),
  output: z.object({
    chat: z.string(),
    chat_info: z.object({ js: z.string().describe("a script tag with an https .js address, or empty"), easemob_js: z.string() }),
    setup: z.boolean(),
    autostart: z.boolean(),
  }),
  errors: ["invalidValue"],
  async handler({ lang }, { db, req, res, settings }) {
    res.setHeader("Cache-Control", "private, no-store");
    return chatConfig(db, lang, req.ip, settings.chat);
  },
});

export const chatChoose = defineEndpoint({
  methods: ["get"],
  path: "/third/chat/choose",
  summary: "Which chat a visitor with human chat gets: easemob for the configured countries (CHAT_EASEMOB_COUNTRIES), the sales chat (ss) elsewhere",
  tag: "visitor",
  input: z.object({ lang: LangParam, ip: Ip.optional().describe("the address visitor/ip answered; default: the request's") }),
  output: z.object({ type: z.enum(["easemob", "ss"]) }),
  errors: ["invalidValue"],
  async handler({ ip }, { req, res, settings }) {
    res.setHeader("Cache-Control", "private, no-store");
    const { type } = await chooseChat(ip ?? req.ip, settings.chat);
    return { type };
  },
});

export const leaveMessageEndpoint = defineEndpoint({
  methods: ["post"],
  path: "/home/leave-message",
  summary:
    "Leave a message when no chat widget could load (name, contact, message; `page` the address it was sent from). Empty: 10100; too long: 10101; too many from one visitor: 10030 or 10042. Stored and sent to staff through the outbox",
  tag: "visitor",
  input: z.object({ lang: LangParam, ...MessageFields.shape, page: z.string().trim().max(500).default("") }),
  output: z.object({ id: z.number().int(), reference: z.string() }),
  errors: ["fieldRequired", "invalidValue", "tooManyRequests", "tooManyRecent"],
  handler: ({ lang, name, contact, message, page }, { db, req }) => leaveMessage(db, { name, contact, message, page, lang }, { ip: req.ip }),
});
