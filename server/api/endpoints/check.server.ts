import { z } from "zod";
import { SeenByServer } from "@contracts/check-seen";
import { seenByServer } from "../../services/check.server";
import { defineEndpoint, LangParam } from "../endpoint.server";

export const checkSeen = defineEndpoint({
  methods: ["get"],
  path: "/check/seen",
  summary:
    "What a website receives from this visitor, for the /check page: the address (the forwarded one only behind a configured trusted proxy), its family and kind (public, private, CGNAT, loopback…), its ISO country from the shipped IP-to-country database, and the request headers that describe the browser (User-Agent, Accept-Language, client hints, DNT, Sec-GPC…). Per visitor, never cached, nothing stored",
  tag: "check",
  input: z.object({ lang: LangParam }),
  output: SeenByServer,
  errors: [],
  async handler(_input, { req, res }) {
    res.setHeader("Cache-Control", "private, no-store");
    return seenByServer(req.ip, req.headers);
  },
});
