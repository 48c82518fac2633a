CREATE TABLE "contact_counts" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"contacts" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "update_existing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "updated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_counts" ADD CONSTRAINT "contact_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- contact_counts.contacts follows contacts: one upsert per statement (not per row), whatever wrote the rows
-- (a form, an import batch, a bulk delete, a company's deletion by cascade). The row lock of the upsert makes
-- concurrent writers of one company add up instead of overwriting each other.
CREATE OR REPLACE FUNCTION herald_contacts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_counts AS t (company_id, contacts)
  SELECT company_id, count(*) FROM added GROUP BY company_id
      ON CONFLICT (company_id) DO UPDATE SET contacts = t.contacts + excluded.contacts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION herald_contacts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_counts t SET contacts = t.contacts - n.c
    FROM (SELECT company_id, count(*) AS c FROM removed GROUP BY company_id) n
   WHERE t.company_id = n.company_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contacts_count_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION herald_contacts_added();
--> statement-breakpoint
CREATE TRIGGER contacts_count_delete AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION herald_contacts_removed();
--> statement-breakpoint
INSERT INTO contact_counts (company_id, contacts)
SELECT company_id, count(*) FROM contacts GROUP BY company_id
    ON CONFLICT (company_id) DO UPDATE SET contacts = excluded.contacts;
