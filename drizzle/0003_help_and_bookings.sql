CREATE TABLE "booking_closed_dates" (
	"day" date PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_schedule" (
	"id" serial PRIMARY KEY NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"slot_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "booking_schedule_weekday_check" CHECK ("booking_schedule"."weekday" between 0 and 6),
	CONSTRAINT "booking_schedule_times_check" CHECK ("booking_schedule"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "booking_schedule"."end_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "booking_schedule"."start_time" < "booking_schedule"."end_time"),
	CONSTRAINT "booking_schedule_slot_check" CHECK ("booking_schedule"."slot_minutes" between 10 and 480 and "booking_schedule"."capacity" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "booking_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_slots_starts_at_unique" UNIQUE("starts_at"),
	CONSTRAINT "booking_slots_capacity_check" CHECK ("booking_slots"."booked" >= 0 and "booking_slots"."booked" <= "booking_slots"."capacity"),
	CONSTRAINT "booking_slots_time_check" CHECK ("booking_slots"."starts_at" < "booking_slots"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"slot_id" integer NOT NULL,
	"company" text NOT NULL,
	"account" text NOT NULL,
	"phone" text NOT NULL,
	"chat_app" boolean NOT NULL,
	"content" text NOT NULL,
	"contact_from" text NOT NULL,
	"contact_to" text NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'unsolved' NOT NULL,
	"idempotency_key" text,
	"client_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "bookings_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('unsolved', 'solved', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "help_article_views" (
	"article_id" integer NOT NULL,
	"visitor_hash" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "help_article_views_article_id_visitor_hash_day_pk" PRIMARY KEY("article_id","visitor_hash","day")
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"lang" text NOT NULL,
	"key" text NOT NULL,
	"category_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content_html" text NOT NULL,
	"toc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"author" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_keywords" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"source_hash" text NOT NULL,
	CONSTRAINT "help_articles_lang_key_unique" UNIQUE("lang","key"),
	CONSTRAINT "help_articles_status_check" CHECK ("help_articles"."status" in ('published', 'draft'))
);
--> statement-breakpoint
CREATE TABLE "help_category_docs" (
	"category_id" integer NOT NULL,
	"legacy_id" integer NOT NULL,
	"lang_group" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "help_category_docs_category_id_lang_group_pk" PRIMARY KEY("category_id","lang_group"),
	CONSTRAINT "help_category_docs_group_slug_unique" UNIQUE("lang_group","slug"),
	CONSTRAINT "help_category_docs_group_check" CHECK ("help_category_docs"."lang_group" in ('zh-en', 'ru', 'pt', 'vn'))
);
--> statement-breakpoint
CREATE TABLE "help_search_misses" (
	"lang" text NOT NULL,
	"keyword" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_search_misses_lang_keyword_pk" PRIMARY KEY("lang","keyword")
);
--> statement-breakpoint
CREATE TABLE "help_votes" (
	"article_id" integer NOT NULL,
	"voter" text NOT NULL,
	"solved" boolean NOT NULL,
	"feedback" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_votes_article_id_voter_pk" PRIMARY KEY("article_id","voter")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_slot_id_booking_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."booking_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_article_views" ADD CONSTRAINT "help_article_views_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_lang_languages_key_fk" FOREIGN KEY ("lang") REFERENCES "public"."languages"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_category_docs" ADD CONSTRAINT "help_category_docs_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_votes" ADD CONSTRAINT "help_votes_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "help_articles_listing_idx" ON "help_articles" USING btree ("lang","status","category_id","sort");--> statement-breakpoint
CREATE INDEX "help_articles_search_trgm_idx" ON "help_articles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "help_articles_title_trgm_idx" ON "help_articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "help_search_misses_count_idx" ON "help_search_misses" USING btree ("count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."delivered_at" is null;