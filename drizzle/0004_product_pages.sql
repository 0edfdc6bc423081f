CREATE TABLE "faq_group_translations" (
	"group_id" integer NOT NULL,
	"lang" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "faq_group_translations_group_id_lang_pk" PRIMARY KEY("group_id","lang")
);
--> statement-breakpoint
CREATE TABLE "faq_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "faq_groups_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "faq_item_translations" (
	"item_id" integer NOT NULL,
	"lang" text NOT NULL,
	"question" text NOT NULL,
	"answer_html" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "faq_item_translations_item_id_lang_pk" PRIMARY KEY("item_id","lang")
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"slug" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "faq_items_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "page_texts" (
	"kind" text NOT NULL,
	"lang" text NOT NULL,
	"data" jsonb NOT NULL,
	"source_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_texts_kind_lang_pk" PRIMARY KEY("kind","lang")
);
--> statement-breakpoint
CREATE TABLE "plan_features" (
	"key" text PRIMARY KEY NOT NULL,
	"group" text NOT NULL,
	"sort" integer NOT NULL,
	"free" text NOT NULL,
	"base" text NOT NULL,
	"pro" text NOT NULL,
	"custom" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"plan" text NOT NULL,
	"profiles" integer NOT NULL,
	"monthly_cents" integer NOT NULL,
	CONSTRAINT "plan_prices_plan_profiles_pk" PRIMARY KEY("plan","profiles"),
	CONSTRAINT "plan_prices_check" CHECK ("plan_prices"."profiles" > 0 and "plan_prices"."monthly_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"key" text PRIMARY KEY NOT NULL,
	"sort" integer NOT NULL,
	"members_included" integer DEFAULT 1 NOT NULL,
	"extra_member_cents" integer,
	"custom" boolean DEFAULT false NOT NULL,
	CONSTRAINT "plans_key_check" CHECK ("plans"."key" in ('free', 'base', 'pro', 'custom'))
);
--> statement-breakpoint
CREATE TABLE "pricing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"yearly_discount_percent" integer NOT NULL,
	"storage_addon_profiles" integer NOT NULL,
	"storage_addon_monthly_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_files" (
	"release_id" integer NOT NULL,
	"system" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "release_files_release_id_system_pk" PRIMARY KEY("release_id","system"),
	CONSTRAINT "release_files_system_check" CHECK ("release_files"."system" in ('win64', 'win32', 'mac-x64', 'mac-arm64', 'linux')),
	CONSTRAINT "release_files_sha256_check" CHECK ("release_files"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "release_notes" (
	"release_id" integer NOT NULL,
	"lang" text NOT NULL,
	"summary" text NOT NULL,
	"sections" jsonb NOT NULL,
	"source_hash" text NOT NULL,
	CONSTRAINT "release_notes_release_id_lang_pk" PRIMARY KEY("release_id","lang")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	CONSTRAINT "releases_version_unique" UNIQUE("version")
);
--> statement-breakpoint
ALTER TABLE "faq_group_translations" ADD CONSTRAINT "faq_group_translations_group_id_faq_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."faq_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_group_translations" ADD CONSTRAINT "faq_group_translations_lang_languages_key_fk" FOREIGN KEY ("lang") REFERENCES "public"."languages"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_item_translations" ADD CONSTRAINT "faq_item_translations_item_id_faq_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."faq_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_item_translations" ADD CONSTRAINT "faq_item_translations_lang_languages_key_fk" FOREIGN KEY ("lang") REFERENCES "public"."languages"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_items" ADD CONSTRAINT "faq_items_group_id_faq_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."faq_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_texts" ADD CONSTRAINT "page_texts_lang_languages_key_fk" FOREIGN KEY ("lang") REFERENCES "public"."languages"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_prices" ADD CONSTRAINT "plan_prices_plan_plans_key_fk" FOREIGN KEY ("plan") REFERENCES "public"."plans"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_files" ADD CONSTRAINT "release_files_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_notes" ADD CONSTRAINT "release_notes_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_notes" ADD CONSTRAINT "release_notes_lang_languages_key_fk" FOREIGN KEY ("lang") REFERENCES "public"."languages"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faq_items_group_idx" ON "faq_items" USING btree ("group_id","sort");