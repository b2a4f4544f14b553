-- The agenda's per-day cache (db/announced-cache.ts, used by agenda/service.ts; decision 0046)
-- keeps each day's agenda until the database announces a change to it. Bookings, closed days
-- and treatments already announce on `availability_changed`; these triggers announce, on
-- `agenda_changed`, what else a day's agenda shows: a payment's refunds, reminders written, sent
-- or failed, the waitlist, patients' e-mails.
-- The payload is the changed dates, comma separated, or '' for every date.
CREATE FUNCTION "announce_agenda_dates"(dates text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A statement that changed nothing the agenda shows announces nothing.
  IF dates IS NULL THEN
    RETURN;
  END IF;
  -- A NOTIFY payload must stay under 8000 bytes: many dates at once become "every date".
  IF length(dates) > 4000 THEN
    dates := '';
  END IF;
  PERFORM pg_notify('agenda_changed', dates);
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_agenda_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_agenda_dates('');
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Rows that name a booking (payments, reminders): the dates of those bookings.
CREATE FUNCTION "notify_agenda_bookings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM announce_agenda_dates((SELECT string_agg(DISTINCT b.appointment_date::text, ',')
      FROM bookings b WHERE b.id IN (SELECT booking_id FROM old_rows)));
  ELSE
    PERFORM announce_agenda_dates((SELECT string_agg(DISTINCT b.appointment_date::text, ',')
      FROM bookings b WHERE b.id IN (SELECT booking_id FROM new_rows)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A reminder's state on the agenda is its mail's: only a mail sent or failed changes it, not the
-- sender's lease on it.
CREATE FUNCTION "notify_agenda_reminder_mail"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_agenda_dates((SELECT string_agg(DISTINCT b.appointment_date::text, ',')
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN bookings b ON b.id = n.booking_id
    WHERE n.kind = 'booking_reminder'
      AND (n.sent_at, n.failed_at) IS DISTINCT FROM (o.sent_at, o.failed_at)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_agenda_waitlist"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM announce_agenda_dates((SELECT string_agg(DISTINCT appointment_date::text, ',') FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM announce_agenda_dates((SELECT string_agg(DISTINCT appointment_date::text, ',') FROM old_rows));
  ELSE
    PERFORM announce_agenda_dates((SELECT string_agg(DISTINCT d::text, ',')
      FROM (SELECT appointment_date AS d FROM old_rows UNION SELECT appointment_date FROM new_rows) AS changed));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_updated_agenda" AFTER UPDATE ON "payments"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_agenda_bookings_changed"();--> statement-breakpoint
CREATE TRIGGER "booking_reminders_inserted_agenda" AFTER INSERT ON "booking_reminders"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_agenda_bookings_changed"();--> statement-breakpoint
CREATE TRIGGER "booking_reminders_deleted_agenda" AFTER DELETE ON "booking_reminders"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_agenda_bookings_changed"();--> statement-breakpoint
CREATE TRIGGER "outbox_updated_agenda" AFTER UPDATE ON "outbox"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_agenda_reminder_mail"();--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_inserted_agenda" AFTER INSERT ON "waitlist_entries"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_agenda_waitlist"();--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_updated_agenda" AFTER UPDATE ON "waitlist_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_agenda_waitlist"();--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_deleted_agenda" AFTER DELETE ON "waitlist_entries"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_agenda_waitlist"();--> statement-breakpoint
CREATE TRIGGER "payments_truncated_agenda" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_agenda_changed"();--> statement-breakpoint
CREATE TRIGGER "booking_reminders_truncated_agenda" AFTER TRUNCATE ON "booking_reminders"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_agenda_changed"();--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_truncated_agenda" AFTER TRUNCATE ON "waitlist_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_agenda_changed"();--> statement-breakpoint
-- The agenda shows each patient's current address, or none once the account is deleted.
CREATE TRIGGER "users_agenda" AFTER UPDATE OF "email", "deleted_at" OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_agenda_changed"();
