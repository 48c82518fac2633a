CREATE TABLE "sms_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(50) NOT NULL,
	"content" varchar(1600) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_templates_name_check" CHECK (btrim("sms_templates"."name") <> ''),
	CONSTRAINT "sms_templates_content_check" CHECK (btrim("sms_templates"."content") <> '')
);
--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_templates_company_name_key" ON "sms_templates" USING btree ("company_id",lower("name"));