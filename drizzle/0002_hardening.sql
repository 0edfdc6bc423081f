DROP TABLE "rate_limits" CASCADE;
--> statement-breakpoint
CREATE TABLE "abuse_limits" (
	"rule" text NOT NULL,
	"subject" text NOT NULL,
	"tat" timestamp with time zone NOT NULL,
	CONSTRAINT "abuse_limits_rule_subject_pk" PRIMARY KEY("rule","subject")
);
--> statement-breakpoint
CREATE TABLE "csp_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_uri" text DEFAULT '' NOT NULL,
	"directive" text DEFAULT '' NOT NULL,
	"blocked_uri" text DEFAULT '' NOT NULL,
	"sample" text DEFAULT '' NOT NULL,
	"report" jsonb NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "abuse_limits_tat_idx" ON "abuse_limits" USING btree ("tat");--> statement-breakpoint
CREATE INDEX "csp_reports_created_idx" ON "csp_reports" USING btree ("created_at" DESC NULLS LAST);