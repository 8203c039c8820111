-- Two live bookings of one surveyor never overlap, even when made at the same instant: an exclusion
-- constraint on (surveyor_id with =, [starts_at, blocked_until) with &&). blocked_until includes the
-- travel buffer after the visit. btree_gist gives GiST the uuid equality operator class; PGlite
-- loads the same extension (db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD CONSTRAINT "survey_bookings_no_overlap"
  EXCLUDE USING gist ("surveyor_id" WITH =, tstzrange("starts_at", "blocked_until") WITH &&)
  WHERE ("status" <> 'cancelled');
