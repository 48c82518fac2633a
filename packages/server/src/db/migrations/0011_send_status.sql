DROP INDEX "sms_messages_send_idx";--> statement-breakpoint
CREATE INDEX "sms_messages_send_idx" ON "sms_messages" USING btree ("send_id","status");