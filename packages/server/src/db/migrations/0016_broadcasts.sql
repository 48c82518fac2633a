CREATE TABLE "broadcast_recipients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"mobile" varchar(64) NOT NULL,
	"name" varchar(255) DEFAULT '' NOT NULL,
	"subscriber_id" uuid,
	"variables" jsonb,
	"readiness" varchar(24) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"provider_message_id" varchar(255),
	"remark" text,
	"idempotency_key" varchar(200) NOT NULL,
	"chat_message_id" uuid,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcast_recipients_readiness_check" CHECK ("broadcast_recipients"."readiness" in ('READY', 'INVALID PHONE NUMBER', 'MISSING VALUE', 'DUPLICATED')),
	CONSTRAINT "broadcast_recipients_status_check" CHECK ("broadcast_recipients"."status" in ('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(50) NOT NULL,
	"description" varchar(255),
	"campaign_id" uuid,
	"channel_id" uuid,
	"type" varchar(8) NOT NULL,
	"method" varchar(8) NOT NULL,
	"text" text,
	"attachment_id" uuid,
	"template_name" varchar(512),
	"template_language" varchar(16),
	"template_variables" jsonb,
	"template_components" jsonb,
	"template_metadata" jsonb,
	"metadata" jsonb,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"ready" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"reservation_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcasts_type_check" CHECK ("broadcasts"."type" in ('live', 'template')),
	CONSTRAINT "broadcasts_method_check" CHECK ("broadcasts"."method" in ('contacts', 'groups', 'file')),
	CONSTRAINT "broadcasts_status_check" CHECK ("broadcasts"."status" in ('queued', 'running', 'paused', 'cancelled', 'done'))
);
--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_recipients_idempotency_key" ON "broadcast_recipients" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_broadcast_idx" ON "broadcast_recipients" USING btree ("broadcast_id","row");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_pending_idx" ON "broadcast_recipients" USING btree ("broadcast_id","id") WHERE "broadcast_recipients"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "broadcast_recipients_chat_message_idx" ON "broadcast_recipients" USING btree ("chat_message_id") WHERE "broadcast_recipients"."chat_message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcasts_company_name_key" ON "broadcasts" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "broadcasts_company_keyset_idx" ON "broadcasts" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "broadcasts_campaign_idx" ON "broadcasts" USING btree ("company_id","campaign_id") WHERE "broadcasts"."campaign_id" is not null;