CREATE TABLE "sms_early_receipts" (
	"provider" varchar(20) NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"provider_message_id" varchar(255) NOT NULL,
	"event" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_early_receipts_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE INDEX "sms_early_receipts_message_idx" ON "sms_early_receipts" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "sms_early_receipts_received_idx" ON "sms_early_receipts" USING btree ("received_at");