ALTER TABLE "treatments" ADD COLUMN "category" text DEFAULT 'Dental Essentials' NOT NULL;--> statement-breakpoint
-- Existing treatments join the price-list group their name points to (the demo clinic's six
-- included); the others stay in the general group until an admin chooses.
UPDATE "treatments" SET "category" = CASE
  WHEN "name" ~* '(surg|extract|implant|root canal|wisdom)' THEN 'Dental Surgery'
  WHEN "name" ~* '(clean|hygien|scal(e|ing)|polish|airflow)' THEN 'Hygiene'
  WHEN "name" ~* '(cosmetic|orthodont|whiten|veneer|brace|invisalign|bonding)' THEN 'Cosmetic'
  ELSE 'Dental Essentials'
END;--> statement-breakpoint
ALTER TABLE "treatments" ADD CONSTRAINT "treatments_category_known" CHECK ("treatments"."category" IN ('Dental Essentials', 'Cosmetic', 'Hygiene', 'Dental Surgery'));
