CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(255),
	"status" varchar(16) DEFAULT 'ready' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('ready', 'processing', 'scheduled', 'sent', 'deleted'))
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_company_name_key" ON "campaigns" USING btree ("company_id",lower("name")) WHERE "campaigns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_company_keyset_idx" ON "campaigns" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);