CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"message" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "outbox_has_content" CHECK ("outbox"."booking_id" IS NOT NULL OR "outbox"."message" IS NOT NULL OR "outbox"."sent_at" IS NOT NULL OR "outbox"."failed_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" IS NULL AND "outbox"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_booking_idx" ON "outbox" USING btree ("booking_id");--> statement-breakpoint
-- A booking's confirmation and cancellation mails are written by the database itself, in the
-- transaction that books or cancels, whatever the writer (the booking route, an account's
-- deletion, the admin screens to come, raw SQL). The sender renders them from the booking.
CREATE FUNCTION "outbox_booking_mail"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO outbox (kind, booking_id)
      SELECT 'booking_confirmed', id FROM new_rows WHERE status = 'booked';
  ELSE
    INSERT INTO outbox (kind, booking_id)
      SELECT 'booking_cancelled', n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.status = 'booked' AND n.status = 'cancelled';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_confirmation_mail" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "outbox_booking_mail"();--> statement-breakpoint
CREATE TRIGGER "bookings_cancellation_mail" AFTER UPDATE ON "bookings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "outbox_booking_mail"();--> statement-breakpoint
-- The sender wakes up when mail is written (on commit), instead of polling for it.
CREATE FUNCTION "notify_outbox_ready"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM pg_notify('outbox_ready', '');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "outbox_ready" AFTER INSERT ON "outbox"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_outbox_ready"();
