CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"treatment_id" uuid NOT NULL,
	"appointment_date" date NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_one_per_patient_treatment_day" UNIQUE("user_id","treatment_id","appointment_date")
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"treatment_id" uuid NOT NULL,
	"appointment_date" date NOT NULL,
	"slot_id" uuid NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"offered_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "waitlist_one_offer_per_entry_slot" UNIQUE("entry_id","slot_id"),
	CONSTRAINT "waitlist_offer_status_known" CHECK ("waitlist_offers"."status" IN ('offered', 'expired')),
	CONSTRAINT "waitlist_offer_time_order" CHECK ("waitlist_offers"."expires_at" > "waitlist_offers"."offered_at")
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_treatment_id_treatments_id_fk" FOREIGN KEY ("treatment_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_slot_id_treatment_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."treatment_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_line_idx" ON "waitlist_entries" USING btree ("treatment_id","appointment_date","position");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_live_hold_per_slot" ON "waitlist_offers" USING btree ("treatment_id","appointment_date","slot_id") WHERE "waitlist_offers"."status" = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_one_live_hold_per_entry" ON "waitlist_offers" USING btree ("entry_id") WHERE "waitlist_offers"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "waitlist_offers_user_idx" ON "waitlist_offers" USING btree ("user_id");--> statement-breakpoint
-- A live waitlist hold keeps its slot for its patient (decision 0036): any other patient's booking
-- or move into it is skipped, as ON CONFLICT DO NOTHING skips a taken slot, whoever writes it.
-- A booking is checked at its own created_at, the server's (injectable) clock.
CREATE FUNCTION "bookings_respect_waitlist_holds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'booked' AND EXISTS (
    SELECT 1 FROM waitlist_offers o
    WHERE o.treatment_id = NEW.treatment_id AND o.appointment_date = NEW.appointment_date
      AND o.slot_id = NEW.slot_id AND o.status = 'offered' AND o.user_id <> NEW.user_id
      AND o.expires_at > CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END
  ) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_respect_waitlist_holds" BEFORE INSERT OR UPDATE OF "status", "slot_id", "appointment_date" ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "bookings_respect_waitlist_holds"();--> statement-breakpoint
-- A hold taken or released changes its date's availability, as a booking does (migration 0007).
CREATE TRIGGER "waitlist_offers_inserted_availability" AFTER INSERT ON "waitlist_offers"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_booked_dates_changed"();--> statement-breakpoint
CREATE TRIGGER "waitlist_offers_updated_availability" AFTER UPDATE ON "waitlist_offers"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_booked_dates_changed"();--> statement-breakpoint
CREATE TRIGGER "waitlist_offers_deleted_availability" AFTER DELETE ON "waitlist_offers"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_booked_dates_changed"();
