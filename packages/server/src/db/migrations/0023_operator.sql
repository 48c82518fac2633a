CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"actor_type" varchar(10) NOT NULL,
	"actor_id" uuid,
	"actor_label" varchar(400) NOT NULL,
	"actor_ip" varchar(64),
	"action" varchar(60) NOT NULL,
	"target_type" varchar(30),
	"target_id" varchar(64),
	"target_label" varchar(400),
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_actor_type_check" CHECK ("audit_log"."actor_type" in ('user', 'operator', 'system', 'api'))
);
--> statement-breakpoint
CREATE TABLE "company_prices" (
	"company_id" uuid NOT NULL,
	"channel" varchar(20) NOT NULL,
	"price_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_prices_company_id_channel_pk" PRIMARY KEY("company_id","channel"),
	CONSTRAINT "company_prices_nonneg" CHECK ("company_prices"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "company_status" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"reason" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	CONSTRAINT "company_status_check" CHECK ("company_status"."status" in ('active', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "inbound_number_owners" (
	"number_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"keyword" varchar(50),
	CONSTRAINT "inbound_number_owners_number_id_company_id_pk" PRIMARY KEY("number_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "inbound_numbers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" varchar(20) NOT NULL,
	"kind" varchar(5) NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_numbers_kind_check" CHECK ("inbound_numbers"."kind" in ('long', 'short'))
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"operator_id" uuid NOT NULL,
	"kind" varchar(10) NOT NULL,
	"token_hash" varchar(64),
	"code_hash" varchar(64),
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "operator_sessions_kind_check" CHECK ("operator_sessions"."kind" in ('activate', 'preauth', 'access'))
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"password_hash" text,
	"status" varchar(10) DEFAULT 'invited' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "operators_status_check" CHECK ("operators"."status" in ('invited', 'active', 'disabled'))
);
--> statement-breakpoint
CREATE TABLE "sender_ids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"sender_id" varchar(16) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"purpose" text NOT NULL,
	"status" varchar(10) DEFAULT 'requested' NOT NULL,
	"reason" text,
	"ssir_registered" boolean DEFAULT false NOT NULL,
	"requested_by" uuid,
	"requester_label" varchar(400) DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "sender_ids_kind_check" CHECK ("sender_ids"."kind" in ('alphanumeric', 'number')),
	CONSTRAINT "sender_ids_status_check" CHECK ("sender_ids"."status" in ('requested', 'approved', 'rejected', 'revoked', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "topup_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"requested_by" uuid,
	"requester_label" varchar(400) NOT NULL,
	"amount_cents" bigint,
	"note" text,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"granted_cents" bigint,
	"answer" text,
	"answered_by" uuid,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "topup_requests_status_check" CHECK ("topup_requests"."status" in ('open', 'granted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "unrouted_inbound" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" varchar(40) NOT NULL,
	"provider_message_id" varchar(200),
	"from_number" varchar(32) NOT NULL,
	"to_address" varchar(64) NOT NULL,
	"text" text NOT NULL,
	"reason" varchar(20) NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_prices" ADD CONSTRAINT "company_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_status" ADD CONSTRAINT "company_status_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_status" ADD CONSTRAINT "company_status_changed_by_operators_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_number_owners" ADD CONSTRAINT "inbound_number_owners_number_id_inbound_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."inbound_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_number_owners" ADD CONSTRAINT "inbound_number_owners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_ids" ADD CONSTRAINT "sender_ids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_ids" ADD CONSTRAINT "sender_ids_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_ids" ADD CONSTRAINT "sender_ids_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD CONSTRAINT "topup_requests_answered_by_operators_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_number_owners_keyword_key" ON "inbound_number_owners" USING btree ("number_id",lower("keyword")) WHERE "inbound_number_owners"."keyword" is not null;--> statement-breakpoint
CREATE INDEX "inbound_number_owners_company_idx" ON "inbound_number_owners" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_numbers_number_key" ON "inbound_numbers" USING btree ("number");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_token_key" ON "operator_sessions" USING btree ("token_hash") WHERE "operator_sessions"."token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "operators_email_lower_key" ON "operators" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "sender_ids_approved_key" ON "sender_ids" USING btree (lower("sender_id")) WHERE "sender_ids"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "sender_ids_company_open_key" ON "sender_ids" USING btree ("company_id",lower("sender_id")) WHERE "sender_ids"."status" in ('requested', 'approved');--> statement-breakpoint
CREATE INDEX "sender_ids_status_idx" ON "sender_ids" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "topup_requests_company_idx" ON "topup_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "topup_requests_status_idx" ON "topup_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "unrouted_inbound_received_idx" ON "unrouted_inbound" USING btree ("received_at","id");--> statement-breakpoint
-- The audit log is append-only, like the ledger: no entry is ever changed or removed.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit log entries are append-only' USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
