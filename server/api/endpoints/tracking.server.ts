import { z } from "zod";
import { spendAllowance } from "../../infrastructure/abuse-limits.server";
import { SealedSchema, sealingPublicKey } from "../../infrastructure/sealing.server";
import { collect } from "../../services/usage.server";
import { ApiError } from "../envelope.server";
import { defineEndpoint, LangParam } from "../endpoint.server";

export const trackConfig = defineEndpoint({
  methods: ["get"],
  path: "/track/config",
  summary: "Usage tracking settings: on or off, the sealing key (id and SPKI public key) and the batching rules (20 events, 10 s)",
  tag: "tracking",
  input: z.object({ lang: LangParam }),
  output: z.object({ enabled: z.boolean(), key_id: z.string(), public_key: z.string(), batch_size: z.literal(20), flush_ms: z.literal(10_000) }),
  errors: [],
  async handler(_input, { db }) {
    const { key_id, public_key } = await sealingPublicKey(db);
    return { enabled: true, key_id, public_key, batch_size: 20 as const, flush_ms: 10_000 as const };
  },
});

export const trackCollect = defineEndpoint({
  methods: ["post"],
  path: "/track/collect",
  summary:
    "A sealed batch of usage events (multipart beacon: key_id, key, iv, payload; AES-GCM with the key wrapped by RSA-OAEP/SHA-256). Answers 204. Events other than click, view, expose and error with their spec codes, malformed or older than 48 hours are dropped and counted; a batch that does not open or holds no valid event is 10101; the same batch again within 48 hours is stored once; every event spends the sender's allowance (429)",
  tag: "tracking",
  noContent: true,
  input: z.object({ lang: LangParam, ...SealedSchema.shape }),
  output: z.null(),
  errors: ["fieldRequired", "invalidValue", "tooManyRequests", "tooManyRecent"],
  async handler({ key_id, key, iv, payload }, { db, req }) {
    // Beacons before opening (the RSA work), then every event it carries (collect).
    await db.transaction((tx) => spendAllowance(tx, "track", { ip: req.ip }));
    const outcome = await collect(db, { key_id, key, iv, payload }, req.ip);
    // A batch that does not open, or opens to not one valid event, is the sender's fault.
    if (!outcome || (!outcome.replayed && outcome.stored === 0)) throw new ApiError("invalidValue", "payload");
    return null;
  },
});
