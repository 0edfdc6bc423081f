CREATE TABLE "usage_beacons" (
	"digest" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_beacons_received_idx" ON "usage_beacons" USING btree ("received_at");