CREATE TABLE "stored_files" (
	"name" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_name_safe" CHECK ("stored_files"."name" ~ '^[a-z0-9]{16,64}\.[a-z]{3,4}$')
);
