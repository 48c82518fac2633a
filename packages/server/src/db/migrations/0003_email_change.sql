ALTER TABLE "email_tokens" DROP CONSTRAINT "email_tokens_kind_check";--> statement-breakpoint
ALTER TABLE "email_tokens" ALTER COLUMN "kind" SET DATA TYPE varchar(20);--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_kind_check" CHECK ("email_tokens"."kind" in ('verify', 'reset', 'email-change'));