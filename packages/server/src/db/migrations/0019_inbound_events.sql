CREATE TABLE "channel_inbound_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"dedupe_key" varchar(64) NOT NULL,
	"raw_body" text NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "channel_inbound_events_status_check" CHECK ("channel_inbound_events"."status" in ('pending', 'done', 'dropped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "channel_inbound_events" ADD CONSTRAINT "channel_inbound_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_inbound_events" ADD CONSTRAINT "channel_inbound_events_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_inbound_events_dedupe_key" ON "channel_inbound_events" USING btree ("channel_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "channel_inbound_events_done_idx" ON "channel_inbound_events" USING btree ("received_at") WHERE "channel_inbound_events"."status" = 'done';