CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"kind" varchar(6) NOT NULL,
	"mime" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_kind_check" CHECK ("attachments"."kind" in ('image', 'video', 'audio', 'other'))
);
--> statement-breakpoint
CREATE TABLE "bot_forwarding" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_departments" (
	"channel_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	CONSTRAINT "channel_departments_channel_id_department_id_pk" PRIMARY KEY("channel_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "channel_webhook_events" (
	"channel_id" uuid NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_webhook_events_channel_id_event_id_pk" PRIMARY KEY("channel_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"channel_type" varchar(20) NOT NULL,
	"driver" varchar(10) DEFAULT 'sandbox' NOT NULL,
	"name" varchar(100) NOT NULL,
	"credentials" text,
	"connect_token_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "channels_type_check" CHECK ("channels"."channel_type" in ('LINE', 'FACEBOOK MESSENGER', 'TELEGRAM', 'SLACK', 'WECHAT', 'MICROSOFT TEAMS', 'WHATSAPP', 'WEBEX TEAMS', 'WECOM', 'LINE NOTIFY', 'VIBER', 'INSTAGRAM', 'LARK')),
	CONSTRAINT "channels_driver_check" CHECK ("channels"."driver" in ('sandbox', 'provider'))
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"type" varchar(6) NOT NULL,
	"text" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider_message_id" varchar(255),
	"message_status" varchar(6),
	"delivery_status" varchar(10),
	"remark" text,
	"sent_by" uuid,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"whatsapp_list_message" jsonb,
	"whatsapp_template_components" jsonb,
	"whatsapp_template_variables" jsonb,
	"whatsapp_template_metadata" jsonb,
	"read_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_type_check" CHECK ("chat_messages"."type" in ('inbox', 'outbox')),
	CONSTRAINT "chat_messages_status_check" CHECK ("chat_messages"."message_status" in ('no', 'yes', 'failed')),
	CONSTRAINT "chat_messages_delivery_check" CHECK ("chat_messages"."delivery_status" in ('sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "chat_room_status_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"status" varchar(12) NOT NULL,
	"assign_by_id" uuid,
	"assign_by" varchar(255),
	"assign_to_id" uuid,
	"assign_to" varchar(255),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_room_status_logs_status_check" CHECK ("chat_room_status_logs"."status" in ('open', 're-opened', 'unassigned', 'assigned', 'in-progress', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"subscriber_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"agent_id" uuid,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp (3) with time zone NOT NULL,
	"last_message_text" text,
	"last_inbound_at" timestamp (3) with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_rooms_status_check" CHECK ("chat_rooms"."status" in ('open', 'assigned', 'in-progress', 'closed')),
	CONSTRAINT "chat_rooms_unread_nonneg" CHECK ("chat_rooms"."unread_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"platform_id" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"mobile" varchar(32),
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"name" varchar(512) NOT NULL,
	"language" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'APPROVED' NOT NULL,
	"category" varchar(30),
	"components" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_forwarding" ADD CONSTRAINT "bot_forwarding_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_forwarding" ADD CONSTRAINT "bot_forwarding_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_departments" ADD CONSTRAINT "channel_departments_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_departments" ADD CONSTRAINT "channel_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_webhook_events" ADD CONSTRAINT "channel_webhook_events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_status_logs" ADD CONSTRAINT "chat_room_status_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_status_logs" ADD CONSTRAINT "chat_room_status_logs_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_status_logs" ADD CONSTRAINT "chat_room_status_logs_assign_by_id_users_id_fk" FOREIGN KEY ("assign_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_status_logs" ADD CONSTRAINT "chat_room_status_logs_assign_to_id_users_id_fk" FOREIGN KEY ("assign_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_company_idx" ON "attachments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "channel_departments_dept_idx" ON "channel_departments" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "channels_company_idx" ON "channels" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "channels_connect_token_key" ON "channels" USING btree ("connect_token_id") WHERE "channels"."connect_token_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_room_keyset_idx" ON "chat_messages" USING btree ("subscriber_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_provider_id_key" ON "chat_messages" USING btree ("channel_id","provider_message_id") WHERE "chat_messages"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "chat_room_status_logs_room_idx" ON "chat_room_status_logs" USING btree ("subscriber_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_rooms_company_keyset_idx" ON "chat_rooms" USING btree ("company_id","last_message_at" DESC NULLS LAST,"subscriber_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_rooms_channel_keyset_idx" ON "chat_rooms" USING btree ("channel_id","last_message_at" DESC NULLS LAST,"subscriber_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_rooms_agent_idx" ON "chat_rooms" USING btree ("company_id","agent_id") WHERE "chat_rooms"."status" in ('assigned', 'in-progress');--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_channel_platform_key" ON "subscribers" USING btree ("channel_id","platform_id");--> statement-breakpoint
CREATE INDEX "subscribers_company_idx" ON "subscribers" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_channel_key" ON "whatsapp_templates" USING btree ("channel_id","name","language");