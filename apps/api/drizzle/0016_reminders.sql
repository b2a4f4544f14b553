CREATE TABLE "booking_reminders" (
	"booking_id" uuid NOT NULL,
	"hours_before" integer NOT NULL,
	"outbox_id" uuid NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_reminders_booking_id_hours_before_pk" PRIMARY KEY("booking_id","hours_before"),
	CONSTRAINT "booking_reminders_hours_positive" CHECK ("booking_reminders"."hours_before" > 0)
);
--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_reminders_outbox_idx" ON "booking_reminders" USING btree ("outbox_id");