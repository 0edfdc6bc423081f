CREATE TABLE "release_signatures" (
	"release_id" integer PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_signatures_key_id_check" CHECK ("release_signatures"."key_id" ~ '^[0-9a-f]{16}$'),
	CONSTRAINT "release_signatures_signature_check" CHECK ("release_signatures"."signature" ~ '^[A-Za-z0-9+/]{86}==$')
);
--> statement-breakpoint
ALTER TABLE "release_signatures" ADD CONSTRAINT "release_signatures_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_files_sha256_idx" ON "release_files" USING btree ("sha256");