ALTER TABLE "payments" DROP CONSTRAINT "payments_refund_recorded";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_refunded_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "amount_refunded_minor" = "amount_minor" WHERE "status" = 'refunded';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_within" CHECK ("payments"."amount_refunded_minor" BETWEEN 0 AND "payments"."amount_minor");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_recorded" CHECK (("payments"."status" = 'refunded') = ("payments"."refunded_at" IS NOT NULL AND "payments"."amount_refunded_minor" = "payments"."amount_minor"));--> statement-breakpoint
-- As in 0008, and: a payment recorded once its booking has started (the server's clock, in
-- created_at) marks nothing paid, it is refunded; a partial refund (Stripe's dashboard) keeps
-- the booking paid and writes its own audit entry, with the amount, and a receipt.
CREATE OR REPLACE FUNCTION "payments_booking_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE bookings b SET paid = true FROM new_rows n
      WHERE b.id = n.booking_id AND b.status = 'booked' AND n.created_at < b.starts_at;
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
    INSERT INTO audit_log (event, user_id, email, detail)
      SELECT 'payment_partially_refunded', b.user_id, u.email, jsonb_build_object(
        'bookingId', n.booking_id, 'transactionId', n.transaction_id, 'amountMinor', n.amount_minor,
        'refundedMinor', n.amount_refunded_minor)
      FROM new_rows n JOIN old_rows o ON o.id = n.id
        JOIN bookings b ON b.id = n.booking_id JOIN users u ON u.id = b.user_id
      WHERE n.status = 'succeeded' AND n.amount_refunded_minor > o.amount_refunded_minor;
    UPDATE bookings SET paid = false
      WHERE id IN (
        SELECT n.booking_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE o.status = 'succeeded' AND n.status = 'refunded'
      );
    INSERT INTO outbox (kind, booking_id)
      SELECT 'refund_receipt', n.booking_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.amount_refunded_minor > o.amount_refunded_minor;
  END IF;
  RETURN NULL;
END
$$;
