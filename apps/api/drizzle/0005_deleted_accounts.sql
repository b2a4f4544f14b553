-- A deleted account books nothing, whatever the writer (issue 10, item 5). The lock waits for a
-- deletion in progress (it locks the account's row first), then reads the committed row, so a
-- booking racing the deletion is refused instead of outliving it.
CREATE FUNCTION "bookings_refuse_deleted_patient"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone timestamptz;
BEGIN
  IF NEW.status <> 'booked' THEN
    RETURN NULL;
  END IF;
  SELECT deleted_at INTO gone FROM users WHERE id = NEW.user_id FOR SHARE;
  IF gone IS NOT NULL THEN
    RAISE EXCEPTION 'account % is deleted', NEW.user_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_patient_not_deleted';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- AFTER, as bookings_max_upcoming (0004): rows that ON CONFLICT drops never pay for the lock.
CREATE TRIGGER "bookings_patient_not_deleted" AFTER INSERT OR UPDATE OF "status", "user_id" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bookings_refuse_deleted_patient"();--> statement-breakpoint
-- Sessions announce only the changes the session lookups depend on: a session's renewal writes
-- its address and last use, which must not empty the lookups of every signed-in user.
DROP TRIGGER "sessions_auth_changed" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OF "user_id", "expires_at", "revoked_at" OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
