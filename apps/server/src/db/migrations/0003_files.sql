CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"owner_id" uuid,
	"entity" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	"subject_id" uuid,
	CONSTRAINT "files_key_unique" UNIQUE("key"),
	CONSTRAINT "files_entity_valid" CHECK ("files"."entity" in ('user', 'group')),
	CONSTRAINT "files_committed_has_subject" CHECK (("files"."committed_at" is null) = ("files"."subject_id" is null))
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");