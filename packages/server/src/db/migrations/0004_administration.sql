-- Department names become unique per company without case: rename any earlier duplicates ("Sales (2)").
UPDATE "departments" d SET "name" = left(d."name", 44) || ' (' || r.rn || ')'
  FROM (SELECT "id", row_number() OVER (PARTITION BY "company_id", lower("name") ORDER BY "created_at", "id") AS rn
          FROM "departments") r
 WHERE r."id" = d."id" AND r.rn > 1;
--> statement-breakpoint
CREATE TABLE "keywords" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"keyword" varchar(50) NOT NULL,
	"type" varchar(5) NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"auto_reply_status" varchar(10) DEFAULT 'disable' NOT NULL,
	"auto_reply" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "keywords_type_check" CHECK ("keywords"."type" in ('sub', 'unsub')),
	CONSTRAINT "keywords_status_check" CHECK ("keywords"."status" in ('active', 'deleted', 'invalid')),
	CONSTRAINT "keywords_auto_reply_status_check" CHECK ("keywords"."auto_reply_status" in ('enable', 'disable', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "mobile_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"contact_number" varchar(32) NOT NULL,
	"type" varchar(5) NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "mobile_subscriptions_type_check" CHECK ("mobile_subscriptions"."type" in ('sub', 'unsub')),
	CONSTRAINT "mobile_subscriptions_status_check" CHECK ("mobile_subscriptions"."status" in ('active', 'deleted', 'invalid'))
);
--> statement-breakpoint
CREATE TABLE "mobile_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"numbers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sender_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_allow_sid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_reply_message" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_forward" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords" ADD CONSTRAINT "keywords_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_subscriptions" ADD CONSTRAINT "mobile_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_subscriptions" ADD CONSTRAINT "mobile_subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_uploads" ADD CONSTRAINT "mobile_uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_uploads" ADD CONSTRAINT "mobile_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "keywords_company_idx" ON "keywords" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "keywords_company_keyword_key" ON "keywords" USING btree ("company_id",lower("keyword")) WHERE "keywords"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "mobile_subscriptions_company_idx" ON "mobile_subscriptions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_subscriptions_number_key" ON "mobile_subscriptions" USING btree ("company_id","type","contact_number") WHERE "mobile_subscriptions"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "mobile_subscriptions_suppression_idx" ON "mobile_subscriptions" USING btree ("company_id","contact_number") WHERE "mobile_subscriptions"."type" = 'unsub' and "mobile_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "mobile_uploads_company_idx" ON "mobile_uploads" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_company_name_key" ON "departments" USING btree ("company_id",lower("name"));