CREATE TABLE "doctors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"specialty_id" uuid NOT NULL,
	"image_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctors_email_normalised" CHECK ("doctors"."email" = lower(btrim("doctors"."email")))
);
--> statement-breakpoint
CREATE TABLE "images" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_name_safe" CHECK ("images"."name" ~ '^[a-z0-9]{16,64}\.[a-z]{3,4}$')
);
--> statement-breakpoint
ALTER TABLE "treatment_slots" DROP CONSTRAINT "treatment_slots_start_unique";--> statement-breakpoint
ALTER TABLE "treatments" DROP CONSTRAINT "treatments_name_unique";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "attendance" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "attendance_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "treatment_slots" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "treatments" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_specialty_id_treatments_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."treatments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_image_name_images_name_fk" FOREIGN KEY ("image_name") REFERENCES "public"."images"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doctors_email_unique" ON "doctors" USING btree ("email");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_event_at_idx" ON "audit_log" USING btree ("event","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_slots_active_start_unique" ON "treatment_slots" USING btree ("treatment_id","starts_at") WHERE "treatment_slots"."retired_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "treatments_active_name_unique" ON "treatments" USING btree ("name") WHERE "treatments"."retired_at" IS NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_attendance_known" CHECK ("bookings"."attendance" IS NULL OR "bookings"."attendance" IN ('attended', 'no_show'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_attendance_of_booked" CHECK ("bookings"."attendance" IS NULL OR "bookings"."status" = 'booked');--> statement-breakpoint
-- Entries written before this migration were made by the account itself or, for a role change, by the admin it names.
UPDATE "audit_log" SET "actor_id" = CASE
    WHEN "detail" ? 'byUserId' AND EXISTS (SELECT 1 FROM "users" WHERE "id"::text = "audit_log"."detail"->>'byUserId')
      THEN ("detail"->>'byUserId')::uuid
    ELSE "user_id"
  END;
