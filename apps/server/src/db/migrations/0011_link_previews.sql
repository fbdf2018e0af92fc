CREATE TABLE "link_previews" (
	"url" text PRIMARY KEY NOT NULL,
	"preview" jsonb,
	"failure" text,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "link_previews_expires_idx" ON "link_previews" USING btree ("expires_at");