ALTER TABLE "profiles" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "nation" text DEFAULT 'england' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_language_check" CHECK (language in ('en', 'cy'));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_nation_check" CHECK (nation in ('england', 'wales'));--> statement-breakpoint
-- Existing properties: Wales where the postcode's district is wholly Welsh (shared/domain/nations.ts at the time of this migration); straddling districts stay England until someone edits them.
UPDATE "properties" SET "nation" = 'wales'
 WHERE (upper(regexp_replace("postcode", '\s', '', 'g')) ~ '^(CF|LD|LL|NP|SA)[0-9]'
        AND upper(split_part("postcode", ' ', 1)) NOT IN ('LD7', 'LD8', 'NP7', 'NP16', 'NP25'))
    OR upper(split_part("postcode", ' ', 1)) IN ('CH5', 'CH6', 'CH7', 'CH8', 'SY16', 'SY17', 'SY18', 'SY19', 'SY20', 'SY23', 'SY24', 'SY25');
