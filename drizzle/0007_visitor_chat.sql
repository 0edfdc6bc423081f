CREATE TABLE "chat_settings" (
	"lang" text PRIMARY KEY NOT NULL,
	"chat_type" text NOT NULL,
	"script_url" text,
	"autostart" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_settings_type_check" CHECK ("chat_settings"."chat_type" ~ '^[A-Z][A-Z0-9_]{1,30}$'),
	CONSTRAINT "chat_settings_script_check" CHECK ("chat_settings"."script_url" is null or "chat_settings"."script_url" ~ '^https://[^\s"<>]+\.js$')
);
--> statement-breakpoint
CREATE TABLE "visitor_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"contact" text NOT NULL,
	"message" text NOT NULL,
	"lang" text NOT NULL,
	"page_url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"client_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	CONSTRAINT "visitor_messages_reference_unique" UNIQUE("reference"),
	CONSTRAINT "visitor_messages_status_check" CHECK ("visitor_messages"."status" in ('new', 'handled')),
	CONSTRAINT "visitor_messages_length_check" CHECK (char_length("visitor_messages"."name") between 1 and 80 and char_length("visitor_messages"."contact") between 1 and 200 and char_length("visitor_messages"."message") between 1 and 3000)
);
--> statement-breakpoint
ALTER TABLE "chat_settings" ADD CONSTRAINT "chat_settings_lang_languages_key_fk" FOREIGN KEY ("lang") REFERENCES "public"."languages"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitor_messages_created_idx" ON "visitor_messages" USING btree ("created_at" DESC NULLS LAST);