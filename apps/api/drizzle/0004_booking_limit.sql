-- At most max_upcoming_bookings active upcoming bookings per patient (issue 10, item 13). A
-- trigger rather than a check in code, so that no writer (a booking rush, an admin tool, raw SQL)
-- can pass it. The server writes the configured number at start (MAX_UPCOMING_BOOKINGS).
INSERT INTO "clinic_settings" ("name", "value") VALUES ('max_upcoming_bookings', 4);--> statement-breakpoint
CREATE FUNCTION "bookings_limit_upcoming"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  allowed integer;
  held integer;
BEGIN
  IF NEW.status <> 'booked' OR NEW.starts_at <= now() THEN
    RETURN NULL;
  END IF;
  SELECT value INTO allowed FROM clinic_settings WHERE name = 'max_upcoming_bookings';
  IF allowed IS NULL THEN
    RETURN NULL;
  END IF;
  -- One patient's bookings are counted one transaction at a time, so two at once cannot both
  -- pass. Each statement here takes a fresh snapshot, so the count sees what the last holder of
  -- the lock committed, and every row of this statement, this one included.
  PERFORM pg_advisory_xact_lock(hashtextextended('bookings_limit_upcoming:' || NEW.user_id::text, 0));
  SELECT count(*) INTO held FROM bookings
    WHERE user_id = NEW.user_id AND status = 'booked' AND starts_at > now();
  IF held > allowed THEN
    RAISE EXCEPTION 'patient % would hold % upcoming bookings', NEW.user_id, held
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_max_upcoming';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- AFTER, so that only rows really inserted pay for the count: in a booking rush most rows of a
-- batched INSERT are dropped by ON CONFLICT DO NOTHING, and a BEFORE trigger ran for each.
CREATE TRIGGER "bookings_max_upcoming" AFTER INSERT OR UPDATE OF "status", "user_id", "starts_at" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bookings_limit_upcoming"();
