ALTER TABLE "users" ADD COLUMN "nickname_skeleton" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "nickname_folded_skeleton" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_nickname_skeleton_unique" UNIQUE("nickname_skeleton");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_nickname_folded_skeleton_unique" UNIQUE("nickname_folded_skeleton");--> statement-breakpoint
-- Names now refuse bidi embedding, override and isolate controls (protocol validation.ts); names stored before lose
-- them, unless nothing but blanks would remain.
UPDATE "groups" SET "name" = regexp_replace("name", '[\u202A-\u202E\u2066-\u2069]', '', 'g')
WHERE "name" ~ '[\u202A-\u202E\u2066-\u2069]' AND btrim(regexp_replace("name", '[\u202A-\u202E\u2066-\u2069]', '', 'g')) <> '';--> statement-breakpoint
UPDATE "channels" SET "name" = regexp_replace("name", '[\u202A-\u202E\u2066-\u2069]', '', 'g')
WHERE "name" ~ '[\u202A-\u202E\u2066-\u2069]' AND btrim(regexp_replace("name", '[\u202A-\u202E\u2066-\u2069]', '', 'g')) <> '';
