CREATE TABLE "usage_dropped" (
	"day" date PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"event_type" integer NOT NULL,
	"object_type" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"url" text NOT NULL,
	"lang" text NOT NULL,
	"device_id" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "usage_events_kind_check" CHECK ("usage_events"."kind" in ('click', 'view', 'expose', 'error'))
);
--> statement-breakpoint
CREATE INDEX "usage_events_kind_time_idx" ON "usage_events" USING btree ("kind","occurred_at");