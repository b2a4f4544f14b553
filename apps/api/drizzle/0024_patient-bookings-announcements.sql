-- My Appointment's per-patient cache (db/announced-cache.ts, used by bookings/service.ts; decision
-- 0047) keeps each patient's list until the database announces a change to it. These triggers
-- announce, on `patient_bookings_changed`, the ids of the patients whose list changed: their
-- bookings, those bookings' payments (the refunded mark) and their e-mail address.
-- The payload is the patients' ids, comma separated, or '' for every patient.
CREATE FUNCTION "announce_patients"(ids text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A statement that changed no patient's list announces nothing.
  IF ids IS NULL THEN
    RETURN;
  END IF;
  -- A NOTIFY payload must stay under 8000 bytes: many patients at once become "every patient".
  IF length(ids) > 4000 THEN
    ids := '';
  END IF;
  PERFORM pg_notify('patient_bookings_changed', ids);
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_patient_bookings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_patients('');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_patient_bookings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM announce_patients((SELECT string_agg(DISTINCT user_id::text, ',') FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM announce_patients((SELECT string_agg(DISTINCT user_id::text, ',') FROM old_rows));
  ELSE
    PERFORM announce_patients((SELECT string_agg(DISTINCT id::text, ',')
      FROM (SELECT user_id AS id FROM old_rows UNION SELECT user_id FROM new_rows) AS changed));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_patient_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM announce_patients((SELECT string_agg(DISTINCT b.user_id::text, ',')
      FROM bookings b WHERE b.id IN (SELECT booking_id FROM old_rows)));
  ELSE
    PERFORM announce_patients((SELECT string_agg(DISTINCT b.user_id::text, ',')
      FROM bookings b WHERE b.id IN (SELECT booking_id FROM new_rows)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only a new address changes a list; a sign-in's bookkeeping on the account announces nothing.
CREATE FUNCTION "notify_patient_email"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_patients((SELECT string_agg(n.id::text, ',')
    FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.email IS DISTINCT FROM o.email));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_inserted_patients" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_patient_bookings"();--> statement-breakpoint
CREATE TRIGGER "bookings_updated_patients" AFTER UPDATE ON "bookings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_patient_bookings"();--> statement-breakpoint
CREATE TRIGGER "bookings_deleted_patients" AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_patient_bookings"();--> statement-breakpoint
CREATE TRIGGER "payments_inserted_patients" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_patient_payments"();--> statement-breakpoint
CREATE TRIGGER "payments_updated_patients" AFTER UPDATE ON "payments"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_patient_payments"();--> statement-breakpoint
CREATE TRIGGER "payments_deleted_patients" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_patient_payments"();--> statement-breakpoint
CREATE TRIGGER "users_updated_patients" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_patient_email"();--> statement-breakpoint
CREATE TRIGGER "bookings_truncated_patients" AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_patient_bookings_changed"();--> statement-breakpoint
CREATE TRIGGER "payments_truncated_patients" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_patient_bookings_changed"();--> statement-breakpoint
CREATE TRIGGER "users_truncated_patients" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_patient_bookings_changed"();
