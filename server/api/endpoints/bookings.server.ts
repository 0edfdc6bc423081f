import { z } from "zod";
import { BookingFields } from "@contracts/booking-rules";
import { addDays, cancelBooking, createBooking, getBooking, listSlots, MAX_RANGE_DAYS, todayInZone } from "../../services/bookings.server";
import { ApiError } from "../envelope.server";
import { defineEndpoint, LangParam } from "../endpoint.server";
import { IdParam } from "@contracts/whole-numbers";

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d));
const Id = IdParam;
const Token = z.string().trim().min(1).max(200);
const SlotRef = z.object({ id: z.number().int(), start: z.string().describe("ISO 8601 with the business zone's offset"), end: z.string() });
const SlotSchema = SlotRef.extend({ capacity: z.number().int(), remaining: z.number().int(), status: z.enum(["bookable", "full"]) });
const BookingSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  slot: SlotRef,
  company: z.string(),
  status: z.enum(["unsolved", "solved", "cancelled"]),
  created_at: z.string(),
});

export const subscribeList = defineEndpoint({
  methods: ["get"],
  path: "/help/subscribe-list",
  summary: "Bookable pre-sales slots by business date (default: today and the next 30 days; at most 62 days); past slots are not listed",
  tag: "bookings",
  input: z.object({ lang: LangParam, from: Day.optional(), to: Day.optional() }),
  output: z.object({
    time_zone: z.string(),
    days: z.array(z.object({ date: z.string(), slots: z.array(SlotSchema) })),
  }),
  errors: ["fieldRequired"],
  async handler({ from, to }, { db, settings }) {
    const start = from ?? todayInZone(settings.businessTimeZone);
    const end = to ?? addDays(start, 30);
    if (end < start) throw new ApiError("invalidValue", "to");
    if (addDays(start, MAX_RANGE_DAYS) < end) throw new ApiError("invalidValue", "to");
    return listSlots(db, { from: start, to: end, timeZone: settings.businessTimeZone });
  },
});

export const subscribeAdd = defineEndpoint({
  methods: ["post"],
  path: "/help/subscribe-add",
  summary:
    "Book a pre-sales consultation. Every field is required (10100 with the field); phone must be a mainland China mobile number and the contact time within 14:00-18:00 (10101). A missing or past slot is 10044, a full one 10043; too many bookings from one visitor 10042. Send the same `idempotency_key` (or Idempotency-Key header) when retrying: you get the first booking back",
  tag: "bookings",
  input: z.object({
    lang: LangParam,
    idempotency_key: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,100}$/)
      .optional(),
    ...BookingFields.shape,
  }),
  output: z.object({ id: z.number().int(), reference: z.string(), slot: SlotRef, manage_token: z.string() }),
  errors: ["fieldRequired", "invalidValue", "appointmentNotFound", "slotFullyBooked", "tooManyRecent"],
  async handler(input, { db, req, settings }) {
    // The cross-field rule (contact_from before contact_to) is the schema's refinement.
    const checked = BookingFields.safeParse(input);
    if (!checked.success) throw new ApiError("invalidValue", String(checked.error.issues[0]!.path[0] ?? "contact_to"));
    const key = input.idempotency_key ?? req.get("idempotency-key")?.trim();
    if (key !== undefined && !/^[A-Za-z0-9_-]{8,100}$/.test(key)) throw new ApiError("invalidValue", "idempotency_key");
    const outcome = await createBooking(
      db,
      {
        slotId: input.slot_id,
        company: input.company,
        account: input.account,
        phone: input.phone,
        chatApp: input.chat_app === "yes",
        content: input.content,
        contactFrom: input.contact_from,
        contactTo: input.contact_to,
        lang: input.lang,
      },
      { ip: req.ip, idempotencyKey: key, timeZone: settings.businessTimeZone },
    );
    if (!outcome.ok) throw new ApiError(outcome.reason === "slotFull" ? "slotFullyBooked" : "appointmentNotFound");
    return outcome.booking;
  },
});

export const subscribe = defineEndpoint({
  methods: ["get"],
  path: "/help/subscribe",
  summary: "A booking, through its private manage link (id and signed token); unknown id or wrong token: 10044",
  tag: "bookings",
  input: z.object({ lang: LangParam, id: Id, token: Token }),
  output: BookingSchema,
  errors: ["fieldRequired", "appointmentNotFound"],
  async handler({ id, token }, { db, settings }) {
    const booking = await getBooking(db, id, token, settings.businessTimeZone);
    if (!booking) throw new ApiError("appointmentNotFound");
    return booking;
  },
});

export const subscribeCancel = defineEndpoint({
  methods: ["post"],
  path: "/help/subscribe-cancel",
  summary: "Cancel a booking through its manage link; frees its place. Cancelling again changes nothing. A slot that has started cannot be cancelled (10101)",
  tag: "bookings",
  input: z.object({ lang: LangParam, id: Id, token: Token }),
  output: BookingSchema,
  errors: ["fieldRequired", "appointmentNotFound", "invalidValue", "tooManyRecent"],
  async handler({ id, token }, { db, req, settings }) {
    const outcome = await cancelBooking(db, id, token, { ip: req.ip, timeZone: settings.businessTimeZone });
    if (!outcome.ok) throw outcome.reason === "started" ? new ApiError("invalidValue", "id") : new ApiError("appointmentNotFound");
    return outcome.booking;
  },
});
