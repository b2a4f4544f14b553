-- An update of bookings announces `availability_changed` only for the dates where a slot was taken
-- or freed: a booking's treatment, date or slot changed, or whether it is booked (a cancellation,
-- a move). Every other change (a payment marking it paid, attendance, a name) changes what the
-- day's agenda shows, not its free slots, and is announced on `agenda_changed` (through
-- `announce_agenda_dates`, migration 0023). Before, every update announced `availability_changed`:
-- each payment made every server drop its date's free slots and woke the waitlist's offer job to
-- look for a slot that nothing had freed (decision 0059).
CREATE FUNCTION "notify_bookings_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  slot_dates text;
  other_dates text;
BEGIN
  SELECT string_agg(DISTINCT d::text, ',') FILTER (WHERE changed.moves_a_slot),
         string_agg(DISTINCT d::text, ',') FILTER (WHERE NOT changed.moves_a_slot)
    INTO slot_dates, other_dates
    FROM (
      SELECT o.appointment_date AS old_date, n.appointment_date AS new_date,
        -- A row whose id changed has no partner on the other side: it counts as moved.
        (o.treatment_id, o.appointment_date, o.slot_id, o.status = 'booked')
          IS DISTINCT FROM (n.treatment_id, n.appointment_date, n.slot_id, n.status = 'booked') AS moves_a_slot
      FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    ) AS changed
    CROSS JOIN LATERAL (VALUES (changed.old_date), (changed.new_date)) AS dates(d)
    WHERE d IS NOT NULL;
  IF slot_dates IS NOT NULL THEN
    -- A NOTIFY payload must stay under 8000 bytes: many dates at once become "every date".
    IF length(slot_dates) > 4000 THEN
      slot_dates := '';
    END IF;
    PERFORM pg_notify('availability_changed', slot_dates);
  END IF;
  PERFORM announce_agenda_dates(other_dates);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "bookings_updated_availability" ON "bookings";--> statement-breakpoint
CREATE TRIGGER "bookings_updated_availability" AFTER UPDATE ON "bookings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_bookings_updated"();
