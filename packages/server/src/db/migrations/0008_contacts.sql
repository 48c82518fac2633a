-- Contacts search uses trigram indexes ("contains" on names and numbers) led by company_id, so a search only
-- walks its own company's entries: pg_trgm and btree_gin are trusted extensions (PostgreSQL 13+), loaded by the
-- embedded database too (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE TABLE "contact_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_import_issues" (
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"mobile" varchar(64) NOT NULL,
	"name" varchar(255) NOT NULL,
	"issue" varchar(120) NOT NULL,
	CONSTRAINT "contact_import_issues_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"file_name" varchar(255) NOT NULL,
	"size" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"country" varchar(2) DEFAULT 'SG' NOT NULL,
	"group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"rows_total" integer,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "contact_imports_status_check" CHECK ("contact_imports"."status" in ('queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"mobile" varchar(15) NOT NULL,
	"name" varchar(255) NOT NULL,
	"email" varchar(255),
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_contact_id_pk" PRIMARY KEY("group_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "contact_groups" ADD CONSTRAINT "contact_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_groups" ADD CONSTRAINT "contact_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_issues" ADD CONSTRAINT "contact_import_issues_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_contact_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."contact_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_groups_company_name_key" ON "contact_groups" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "contact_groups_company_keyset_idx" ON "contact_groups" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_groups_name_trgm_idx" ON "contact_groups" USING gin ("company_id",lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_imports_company_idx" ON "contact_imports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_mobile_key" ON "contacts" USING btree ("company_id","mobile");--> statement-breakpoint
CREATE INDEX "contacts_company_keyset_idx" ON "contacts" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("company_id",lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_mobile_trgm_idx" ON "contacts" USING gin ("company_id","mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "group_members_contact_idx" ON "group_members" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "group_members_keyset_idx" ON "group_members" USING btree ("group_id","created_at" DESC NULLS LAST,"contact_id" DESC NULLS LAST);
--> statement-breakpoint
-- contact_groups.member_count follows group_members: one update per statement (not per row), including the
-- rows removed by cascades when contacts or groups are deleted.
CREATE OR REPLACE FUNCTION herald_group_members_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_groups g SET member_count = g.member_count + n.c
    FROM (SELECT group_id, count(*)::int AS c FROM added GROUP BY group_id) n
   WHERE g.id = n.group_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION herald_group_members_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_groups g SET member_count = g.member_count - n.c
    FROM (SELECT group_id, count(*)::int AS c FROM removed GROUP BY group_id) n
   WHERE g.id = n.group_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER group_members_count_insert AFTER INSERT ON group_members
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION herald_group_members_added();
--> statement-breakpoint
CREATE TRIGGER group_members_count_delete AFTER DELETE ON group_members
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION herald_group_members_removed();
