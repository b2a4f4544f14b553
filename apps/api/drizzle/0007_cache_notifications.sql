-- The database announces every change the servers' caches depend on, when it commits, whatever
-- the writer (issue 11, decision 0016). Each server LISTENs and forgets what changed; no code
-- has to remember to tell the caches.
--
-- availability_changed: the payload names the dates whose availability changed, comma
-- separated, or is empty for "every date" (the clinic's treatments, slots, days or holidays).
CREATE FUNCTION "notify_availability_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('availability_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_booked_dates_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  dates text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT appointment_date::text, ',') INTO dates FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT appointment_date::text, ',') INTO dates FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT d::text, ',') INTO dates
      FROM (SELECT appointment_date AS d FROM old_rows UNION SELECT appointment_date FROM new_rows) AS changed;
  END IF;
  -- A statement that changed no row (ON CONFLICT DO NOTHING lost every race) announces nothing.
  IF dates IS NULL THEN
    RETURN NULL;
  END IF;
  -- A NOTIFY payload must stay under 8000 bytes: many dates at once become "every date".
  IF length(dates) > 4000 THEN
    dates := '';
  END IF;
  PERFORM pg_notify('availability_changed', dates);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_inserted_availability" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_booked_dates_changed"();--> statement-breakpoint
CREATE TRIGGER "bookings_updated_availability" AFTER UPDATE ON "bookings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_booked_dates_changed"();--> statement-breakpoint
CREATE TRIGGER "bookings_deleted_availability" AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_booked_dates_changed"();--> statement-breakpoint
CREATE TRIGGER "bookings_truncated_availability" AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_availability_changed"();--> statement-breakpoint
CREATE TRIGGER "treatments_availability" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "treatments"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_availability_changed"();--> statement-breakpoint
CREATE TRIGGER "treatment_slots_availability" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "treatment_slots"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_availability_changed"();--> statement-breakpoint
CREATE TRIGGER "closed_weekdays_availability" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clinic_closed_weekdays"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_availability_changed"();--> statement-breakpoint
CREATE TRIGGER "holidays_availability" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clinic_holidays"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_availability_changed"();
