/**
 * The staff inbox (issue 13): messages left through the chat's fallback form and partner
 * applications — list, read, mark handled or new — each with the delivery status of the outbox
 * message that announced it.
 */
import { z } from "zod";
import { DELIVERY_STATES } from "@contracts/staff-inbox-delivery";
import { INBOX_FILTERS, INBOX_STATUSES } from "@contracts/staff-inbox";
import { listVisitorMessages, setVisitorMessageStatus, visitorMessageById } from "../../services/chat.server";
import { listPartnerApplications, partnerApplicationById, setPartnerApplicationStatus } from "../../services/partners.server";
import { ApiError } from "../envelope.server";
import { defineStaffEndpoint, LangParam, paged, PageParams } from "../endpoint.server";
import { IdParam } from "@contracts/whole-numbers";

const Id = IdParam;
const Status = z.enum(INBOX_STATUSES);

const Delivery = z.object({
  state: z
    .enum(DELIVERY_STATES)
    .describe(
      "delivered; pending (not tried yet); failing (the last attempt failed, see last_error and next_attempt_at); missing (no outbox message names the record)",
    ),
  outbox_id: z.number().int().nullable(),
  attempts: z.number().int(),
  created_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
});

const RecordFields = {
  id: z.number().int(),
  reference: z.string(),
  lang: z.string(),
  status: Status,
  created_at: z.string(),
  handled_at: z.string().nullable(),
  delivery: Delivery,
};

const MessageSummary = z.object({ ...RecordFields, name: z.string(), contact: z.string(), preview: z.string() });
const MessageDetail = MessageSummary.extend({ message: z.string(), page_url: z.string() });
const ApplicationSummary = z.object({ ...RecordFields, company: z.string(), contact_name: z.string(), email: z.string(), preview: z.string() });
const Named = z.object({ slug: z.string(), name: z.string() });
const ApplicationDetail = ApplicationSummary.extend({ website: z.string(), message: z.string(), type: Named, regions: z.array(Named) });

const ListInput = z.object({ lang: LangParam, status: z.enum(INBOX_FILTERS).default("new"), ...PageParams });
const StatusInput = z.object({ lang: LangParam, id: Id, status: Status });

export const inboxMessages = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/inbox/messages",
  summary: "Messages from the chat's fallback form, newest first, paged; `status` new (default), handled or all; each with its outbox delivery status",
  tag: "admin",
  staff: "inbox",
  input: ListInput,
  output: paged(MessageSummary),
  errors: ["invalidValue"],
  handler: ({ status, page, page_size }, { db }) => listVisitorMessages(db, { status, page, pageSize: page_size }),
});

export const inboxMessage = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/inbox/message",
  summary: "One message as written, with its outbox delivery status (10404 when there is none)",
  tag: "admin",
  staff: "inbox",
  input: z.object({ lang: LangParam, id: Id }),
  output: MessageDetail,
  errors: ["fieldRequired", "notFound"],
  async handler({ id }, { db }) {
    const found = await visitorMessageById(db, id);
    if (!found) throw new ApiError("notFound", "id");
    return found;
  },
});

export const inboxMessageStatus = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/inbox/message/status",
  summary: "Marks a message handled or new (audited with before and after). Marking it as it already is changes nothing and answers `changed: false`",
  tag: "admin",
  staff: "inbox",
  input: StatusInput,
  output: z.object({ changed: z.boolean(), item: MessageDetail }),
  errors: ["fieldRequired", "invalidValue", "notFound"],
  async handler({ id, status }, { db, staff }) {
    const outcome = await setVisitorMessageStatus(db, staff, id, status);
    const item = outcome && (await visitorMessageById(db, id));
    if (!outcome || !item) throw new ApiError("notFound", "id");
    return { changed: outcome.changed, item };
  },
});

export const inboxApplications = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/inbox/applications",
  summary: "Partner programme applications, newest first, paged; `status` new (default), handled or all; each with its outbox delivery status",
  tag: "admin",
  staff: "inbox",
  input: ListInput,
  output: paged(ApplicationSummary),
  errors: ["invalidValue"],
  handler: ({ status, page, page_size }, { db }) => listPartnerApplications(db, { status, page, pageSize: page_size }),
});

export const inboxApplication = defineStaffEndpoint({
  methods: ["get"],
  path: "/admin/inbox/application",
  summary: "One application as written (type and regions named in `lang`), with its outbox delivery status (10404 when there is none)",
  tag: "admin",
  staff: "inbox",
  input: z.object({ lang: LangParam, id: Id }),
  output: ApplicationDetail,
  errors: ["fieldRequired", "notFound"],
  async handler({ id }, { db, lang }) {
    const found = await partnerApplicationById(db, id, lang);
    if (!found) throw new ApiError("notFound", "id");
    return found;
  },
});

export const inboxApplicationStatus = defineStaffEndpoint({
  methods: ["post"],
  path: "/admin/inbox/application/status",
  summary: "Marks an application handled or new (audited with before and after). Marking it as it already is changes nothing and answers `changed: false`",
  tag: "admin",
  staff: "inbox",
  input: StatusInput,
  output: z.object({ changed: z.boolean(), item: ApplicationDetail }),
  errors: ["fieldRequired", "invalidValue", "notFound"],
  async handler({ id, status }, { db, staff, lang }) {
    const outcome = await setPartnerApplicationStatus(db, staff, id, status);
    const item = outcome && (await partnerApplicationById(db, id, lang));
    if (!outcome || !item) throw new ApiError("notFound", "id");
    return { changed: outcome.changed, item };
  },
});
