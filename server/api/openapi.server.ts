import { z } from "zod";
import { API_ERRORS } from "@contracts/api-errors";
import { STAFF_AREAS } from "@contracts/staff-access";
import type { Endpoint } from "./endpoint.server";

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function envelope(data: JsonSchema): JsonSchema {
  return {
    type: "object",
    required: ["code", "msg", "data"],
    properties: { code: { type: "integer", const: 0 }, msg: { type: "string" }, data },
  };
}

const ErrorEnvelope: JsonSchema = {
  type: "object",
  required: ["code", "msg", "data"],
  properties: {
    code: { type: "integer", description: "Business error code (never 0)" },
    msg: { type: "string", description: "Message in the request's language" },
    data: {
      anyOf: [
        { type: "null" },
        { type: "object", properties: { field: { type: "string" }, detail: { type: "string", description: "Staff endpoints: what to correct" } } },
      ],
    },
  },
};

/** The OpenAPI 3.1 document, built from the same zod schemas that validate requests. */
export function buildOpenApiDocument(endpoints: readonly Endpoint[]): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const ep of endpoints) {
    const inputSchema = toSchema(ep.input, "input");
    const properties = (inputSchema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((inputSchema.required as string[] | undefined) ?? []);
    const staffErrors = ep.staff ? (["sessionRequired", "forbidden", ...(ep.methods.includes("post") ? (["csrfTokenInvalid"] as const) : [])] as const) : [];
    const errorKeys = [...new Set(["invalidValue", "internal", ...staffErrors, ...ep.errors] as const)];
    const responses: Record<string, unknown> = {
      ...(ep.noContent
        ? { 204: { description: "Success, no content" } }
        : { 200: { description: "Success", content: { "application/json": { schema: envelope(toSchema(ep.output, "output")) } } } }),
    };
    for (const key of errorKeys) {
      const { status, code } = API_ERRORS[key];
      const entry = (responses[status] ??= { description: "", content: { "application/json": { schema: ErrorEnvelope } } }) as {
        description: string;
      };
      entry.description = [entry.description, `${code} (${key})`].filter(Boolean).join("; ");
    }
    for (const method of ep.methods) {
      const operation: Record<string, unknown> = { summary: ep.summary, tags: [ep.tag], responses };
      if (ep.staff) {
        operation.security = method === "post" ? [{ staffSession: [], csrfToken: [] }] : [{ staffSession: [] }];
        operation.description = `Staff area "${ep.staff}": roles ${STAFF_AREAS[ep.staff].join(", ")}.`;
      }
      if (method === "get") {
        operation.parameters = Object.entries(properties).map(([name, schema]) => ({
          name,
          in: "query",
          required: required.has(name),
          schema,
        }));
      } else {
        const body = { schema: inputSchema };
        operation.requestBody = {
          required: true,
          content: { "application/json": body, "application/x-www-form-urlencoded": body, "multipart/form-data": body },
        };
      }
      (paths[ep.path] ??= {})[method] = operation;
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Facet Browser site API",
      version: "1.0.0",
      description: "Every response is the envelope { code, msg, data }. code 0 is success; any other code is an error whose msg is in the request's language.",
    },
    servers: [{ url: "/api" }],
    paths,
    components: {
      securitySchemes: {
        staffSession: { type: "apiKey", in: "cookie", name: "staff_session", description: "Set by POST /admin/sign-in (__Host-staff_session over https)" },
        csrfToken: {
          type: "apiKey",
          in: "header",
          name: "X-CSRF-Token",
          description: "The session's CSRF token, answered by sign-in and shown to admin pages",
        },
      },
    },
  };
}
