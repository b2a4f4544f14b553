-- Self-service rescheduling (issue 22): the calendar event's SEQUENCE, raised by each move.
ALTER TABLE "bookings" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_sequence_not_negative" CHECK ("bookings"."sequence" >= 0);