-- Self-service rescheduling (issue 22): the calendar event's SEQUENCE, raised by each move, and
-- the moment of the last move, from which the reminder job counts a moved booking.
ALTER TABLE "bookings" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rescheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_sequence_not_negative" CHECK ("bookings"."sequence" >= 0);