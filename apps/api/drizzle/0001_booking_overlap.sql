-- A patient cannot hold two active appointments whose times overlap (issue 5).
-- drizzle-kit cannot express exclusion constraints, so this one is written by hand.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap_per_patient"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" = 'booked');
