CREATE TABLE "sms_inbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"from_number" varchar(32) NOT NULL,
	"to_address" varchar(64) NOT NULL,
	"text" text NOT NULL,
	"receiver_user_id" uuid,
	"provider" varchar(20) NOT NULL,
	"provider_message_id" varchar(255) NOT NULL,
	"keyword_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"send_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"campaign_id" uuid,
	"channel" varchar(10) NOT NULL,
	"sender_id" varchar(50),
	"subject" varchar(255),
	"recipient" varchar(254) NOT NULL,
	"recipient_name" varchar(255),
	"text" text NOT NULL,
	"encoding" varchar(10) DEFAULT 'GSM-7' NOT NULL,
	"segments" integer DEFAULT 1 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"status" varchar(12) NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"delivered_st" text,
	"provider" varchar(20),
	"provider_message_id" varchar(255),
	"part_ids" text[],
	"idempotency_key" varchar(200) NOT NULL,
	"reservation_id" uuid,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"scheduled_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_messages_status_check" CHECK ("sms_messages"."status" in ('scheduled', 'queued', 'submitting', 'accepted', 'delivered', 'failed', 'rejected', 'skipped', 'cancelled')),
	CONSTRAINT "sms_messages_channel_check" CHECK ("sms_messages"."channel" in ('sms', 'email', 'whatsapp', 'telegram'))
);
--> statement-breakpoint
CREATE TABLE "sms_rate_slots" (
	"provider" varchar(20) PRIMARY KEY NOT NULL,
	"slot" bigint NOT NULL,
	"used" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_recipient_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content" varchar(30) NOT NULL,
	"columns" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_sends" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"campaign_id" uuid,
	"channel" varchar(10) NOT NULL,
	"sender_id" varchar(50),
	"subject" varchar(255),
	"body" text NOT NULL,
	"frequency" varchar(10) NOT NULL,
	"first_date" varchar(10),
	"first_time" varchar(5),
	"timezone" varchar(64) DEFAULT 'Asia/Singapore' NOT NULL,
	"next_run_at" timestamp with time zone,
	"plan" jsonb,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"segments" integer DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"idempotency_key" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "sms_sends_channel_check" CHECK ("sms_sends"."channel" in ('sms', 'email', 'whatsapp', 'telegram')),
	CONSTRAINT "sms_sends_frequency_check" CHECK ("sms_sends"."frequency" in ('now', 'once', 'daily', 'weekly', 'monthly')),
	CONSTRAINT "sms_sends_status_check" CHECK ("sms_sends"."status" in ('queued', 'scheduled', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "sms_webhook_events" (
	"provider" varchar(20) NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "timezone" varchar(64) DEFAULT 'Asia/Singapore' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_inbox" ADD CONSTRAINT "sms_inbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_inbox" ADD CONSTRAINT "sms_inbox_receiver_user_id_users_id_fk" FOREIGN KEY ("receiver_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_send_id_sms_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."sms_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_recipient_files" ADD CONSTRAINT "sms_recipient_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_recipient_files" ADD CONSTRAINT "sms_recipient_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_sends" ADD CONSTRAINT "sms_sends_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_sends" ADD CONSTRAINT "sms_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_inbox_provider_key" ON "sms_inbox" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "sms_inbox_company_keyset_idx" ON "sms_inbox" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_inbox_receiver_idx" ON "sms_inbox" USING btree ("company_id","receiver_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sms_messages_idempotency_key" ON "sms_messages" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "sms_messages_company_keyset_idx" ON "sms_messages" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_messages_user_idx" ON "sms_messages" USING btree ("company_id","user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_messages_status_idx" ON "sms_messages" USING btree ("company_id","status","scheduled_at");--> statement-breakpoint
CREATE INDEX "sms_messages_send_idx" ON "sms_messages" USING btree ("send_id");--> statement-breakpoint
CREATE INDEX "sms_messages_due_idx" ON "sms_messages" USING btree ("scheduled_at") WHERE "sms_messages"."status" in ('scheduled', 'queued', 'submitting');--> statement-breakpoint
CREATE INDEX "sms_messages_provider_id_idx" ON "sms_messages" USING btree ("provider","provider_message_id") WHERE "sms_messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_messages_part_ids_idx" ON "sms_messages" USING gin ("part_ids");--> statement-breakpoint
CREATE INDEX "sms_recipient_files_company_idx" ON "sms_recipient_files" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_sends_company_idx" ON "sms_sends" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_sends_campaign_idx" ON "sms_sends" USING btree ("company_id","campaign_id") WHERE "sms_sends"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_sends_next_run_idx" ON "sms_sends" USING btree ("next_run_at") WHERE "sms_sends"."next_run_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_sends_idempotency_key" ON "sms_sends" USING btree ("company_id","idempotency_key") WHERE "sms_sends"."idempotency_key" is not null;