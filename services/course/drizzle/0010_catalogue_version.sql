CREATE TABLE "course"."catalogue_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("course"."catalogue_version"."id" = 1)
);
