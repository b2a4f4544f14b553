CREATE TABLE "payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"client_secret" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"status" text DEFAULT 'succeeded' NOT NULL,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payments_status_known" CHECK ("payments"."status" IN ('succeeded', 'refunded')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_minor" > 0),
	CONSTRAINT "payments_last4_only" CHECK ("payments"."card_last4" IS NULL OR "payments"."card_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payments_refund_recorded" CHECK (("payments"."status" = 'refunded') = ("payments"."refunded_at" IS NOT NULL AND "payments"."refund_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "sandbox_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"last_error" text,
	"card_brand" text,
	"card_last4" text,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_intents_last4_only" CHECK ("sandbox_intents"."card_last4" IS NULL OR "sandbox_intents"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_one_per_booking" ON "payment_intents" USING btree ("booking_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction" ON "payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_per_booking" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_intents_secret" ON "sandbox_intents" USING btree ("client_secret");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_intents_idempotency" ON "sandbox_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "stripe_events_handled_idx" ON "stripe_events" USING btree ("handled_at");--> statement-breakpoint
-- A payment marks its booking paid, and its refund unpaid, in the transaction that records it,
-- whatever the writer (the browser's POST /api/payments, a Stripe webhook, raw SQL). Each writes
-- the patient's receipt to the outbox and an entry to the audit log with it.
CREATE FUNCTION "payments_booking_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE bookings SET paid = true
      WHERE id IN (SELECT booking_id FROM new_rows) AND status = 'booked';
    INSERT INTO outbox (kind, booking_id) SELECT 'payment_receipt', booking_id FROM new_rows;
    INSERT INTO audit_log (event, user_id, email, detail)
      SELECT 'payment_recorded', b.user_id, u.email, jsonb_build_object(
        'bookingId', n.booking_id, 'transactionId', n.transaction_id, 'amountMinor', n.amount_minor)
      FROM new_rows n JOIN bookings b ON b.id = n.booking_id JOIN users u ON u.id = b.user_id;
  ELSE
    INSERT INTO audit_log (event, user_id, email, detail)
      SELECT 'payment_refunded', b.user_id, u.email, jsonb_build_object(
        'bookingId', n.booking_id, 'transactionId', n.transaction_id, 'amountMinor', n.amount_minor)
      FROM new_rows n JOIN old_rows o ON o.id = n.id
        JOIN bookings b ON b.id = n.booking_id JOIN users u ON u.id = b.user_id
      WHERE o.status = 'succeeded' AND n.status = 'refunded';
    UPDATE bookings SET paid = false
      WHERE id IN (
        SELECT n.booking_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE o.status = 'succeeded' AND n.status = 'refunded'
      );
    INSERT INTO outbox (kind, booking_id)
      SELECT 'refund_receipt', n.booking_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.status = 'succeeded' AND n.status = 'refunded';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_recorded" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_booking_state"();--> statement-breakpoint
CREATE TRIGGER "payments_refunded" AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_booking_state"();
