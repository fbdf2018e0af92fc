CREATE TABLE "direct_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"caller_id" uuid NOT NULL,
	"callee_id" uuid NOT NULL,
	"status" text NOT NULL,
	"video" boolean DEFAULT false NOT NULL,
	"missed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"caller_away_since" timestamp with time zone,
	"callee_away_since" timestamp with time zone,
	"missed_seen_at" timestamp with time zone,
	CONSTRAINT "direct_calls_not_self" CHECK ("direct_calls"."caller_id" <> "direct_calls"."callee_id"),
	CONSTRAINT "direct_calls_status_valid" CHECK ("direct_calls"."status" in ('RINGING', 'ACCEPTED', 'REJECTED', 'ENDED')),
	CONSTRAINT "direct_calls_end_reason_valid" CHECK ("direct_calls"."end_reason" is null or "direct_calls"."end_reason" in ('declined', 'cancelled', 'no_answer', 'hung_up', 'connection_lost', 'replaced'))
);
--> statement-breakpoint
ALTER TABLE "direct_calls" ADD CONSTRAINT "direct_calls_caller_id_users_id_fk" FOREIGN KEY ("caller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_calls" ADD CONSTRAINT "direct_calls_callee_id_users_id_fk" FOREIGN KEY ("callee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_calls_caller_idx" ON "direct_calls" USING btree ("caller_id","id");--> statement-breakpoint
CREATE INDEX "direct_calls_callee_idx" ON "direct_calls" USING btree ("callee_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "direct_calls_live_caller_unique" ON "direct_calls" USING btree ("caller_id") WHERE "direct_calls"."status" in ('RINGING', 'ACCEPTED');--> statement-breakpoint
CREATE INDEX "direct_calls_live_idx" ON "direct_calls" USING btree ("status","created_at") WHERE "direct_calls"."status" in ('RINGING', 'ACCEPTED');--> statement-breakpoint
CREATE INDEX "direct_calls_unseen_missed_idx" ON "direct_calls" USING btree ("callee_id") WHERE "direct_calls"."missed" and "direct_calls"."missed_seen_at" is null;