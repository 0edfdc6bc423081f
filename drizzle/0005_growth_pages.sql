CREATE TABLE "partner_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"company" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"website" text NOT NULL,
	"type" text NOT NULL,
	"regions" jsonb NOT NULL,
	"message" text NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"client_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	CONSTRAINT "partner_applications_reference_unique" UNIQUE("reference"),
	CONSTRAINT "partner_applications_status_check" CHECK ("partner_applications"."status" in ('new', 'handled')),
	CONSTRAINT "partner_applications_length_check" CHECK (char_length("partner_applications"."company") between 1 and 120 and char_length("partner_applications"."contact_name") between 1 and 80
        and char_length("partner_applications"."email") between 3 and 254 and char_length("partner_applications"."website") between 8 and 300
        and char_length("partner_applications"."message") between 1 and 3000)
);
--> statement-breakpoint
CREATE TABLE "partner_region_links" (
	"partner_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	CONSTRAINT "partner_region_links_partner_id_region_id_pk" PRIMARY KEY("partner_id","region_id")
);
--> statement-breakpoint
CREATE TABLE "partner_region_translations" (
	"region_id" integer NOT NULL,
	"lang" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "partner_region_translations_region_id_lang_pk" PRIMARY KEY("region_id","lang")
);
--> statement-breakpoint
CREATE TABLE "partner_regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "partner_regions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "partner_translations" (
	"partner_id" integer NOT NULL,
	"lang" text NOT NULL,
	"summary" text NOT NULL,
	"description_html" text NOT NULL,
	"services" jsonb NOT NULL,
	"offer" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_translations_partner_id_lang_pk" PRIMARY KEY("partner_id","lang")
);
--> statement-breakpoint
CREATE TABLE "partner_type_translations" (
	"type_id" integer NOT NULL,
	"lang" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "partner_type_translations_type_id_lang_pk" PRIMARY KEY("type_id","lang")
);
--> statement-breakpoint
CREATE TABLE "partner_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "partner_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"type_id" integer NOT NULL,
	"website" text NOT NULL,
	"logo" text NOT NULL,
	"sort" integer NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	CONSTRAINT "partners_slug_unique" UNIQUE("slug"),
	CONSTRAINT "partners_status_check" CHECK ("partners"."status" in ('published', 'hidden')),
	CONSTRAINT "partners_website_check" CHECK ("partners"."website" ~ '^https://')
);
--> statement-breakpoint
CREATE TABLE "use_case_translations" (
	"use_case_id" integer NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"features" jsonb NOT NULL,
	"sections" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"source_hash" text NOT NULL,
	CONSTRAINT "use_case_translations_use_case_id_lang_pk" PRIMARY KEY("use_case_id","lang")
);
--> statement-breakpoint
CREATE TABLE "use_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"sort" integer NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"apps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "use_cases_slug_unique" UNIQUE("slug"),
	CONSTRAINT "use_cases_kind_check" CHECK ("use_cases"."kind" in ('scenario', 'solution')),
	CONSTRAINT "use_cases_slug_check" CHECK ("use_cases"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
ALTER TABLE "partner_region_links" ADD CONSTRAINT "partner_region_links_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_region_links" ADD CONSTRAINT "partner_region_links_region_id_partner_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."partner_regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_region_translations" ADD CONSTRAINT "partner_region_translations_region_id_partner_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."partner_regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_region_translations" ADD CONSTRAINT "partner_region_translations_lang_languages_key_fk" FOREIGN KEY ("lang") REFERENCES "public"."languages"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_translations" ADD CONSTRAINT "partner_translations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_translations" ADD CONSTRAINT "partner_translations_lang_languages_key_fk" FOREIGN KEY ("lang") REFERENCES "public"."languages"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_type_translations" ADD CONSTRAINT "partner_type_translations_type_id_partner_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."partner_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_type_translations" ADD CONSTRAINT "partner_type_translations_lang_languages_key_fk" FOREIGN KEY ("lang") REFERENCES "public"."languages"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_type_id_partner_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."partner_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "use_case_translations" ADD CONSTRAINT "use_case_translations_use_case_id_use_cases_id_fk" FOREIGN KEY ("use_case_id") REFERENCES "public"."use_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "use_case_translations" ADD CONSTRAINT "use_case_translations_lang_languages_key_fk" FOREIGN KEY ("lang") REFERENCES "public"."languages"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_applications_created_idx" ON "partner_applications" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "partner_region_links_region_idx" ON "partner_region_links" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "partners_type_idx" ON "partners" USING btree ("type_id","sort");--> statement-breakpoint
CREATE INDEX "use_cases_kind_sort_idx" ON "use_cases" USING btree ("kind","sort");