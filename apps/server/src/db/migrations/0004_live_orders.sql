CREATE TYPE "public"."ticket_event_kind" AS ENUM('status', 'transfer');--> statement-breakpoint
CREATE TYPE "public"."ticket_reject_reason" AS ENUM('CANCELLED_BY_CUSTOMER', 'OUT_OF_STOCK', 'NOT_ACCEPTING_ORDERS', 'OUTSIDE_DELIVERY_ARE');--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('UnVerified', 'New', 'InProgress', 'Completed', 'Cancelled');--> statement-breakpoint
CREATE TYPE "public"."ticket_type" AS ENUM('cartticket', 'callstaff');--> statement-breakpoint
CREATE TABLE "ticket_counters" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"last_number" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"kind" "ticket_event_kind" NOT NULL,
	"from_status" "ticket_status",
	"to_status" "ticket_status",
	"reason" "ticket_reject_reason",
	"note" text,
	"from_branch_id" uuid,
	"to_branch_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_prints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"ticket_number" bigint NOT NULL,
	"ticket_type" "ticket_type" NOT NULL,
	"status" "ticket_status" NOT NULL,
	"checkout_template" text NOT NULL,
	"lang" text NOT NULL,
	"payment_method_type" text,
	"currency" text NOT NULL,
	"total" numeric(14, 3) NOT NULL,
	"service_area_id" uuid,
	"delivery_zone_id" uuid,
	"ticket_details" jsonb NOT NULL,
	"cart_data" jsonb NOT NULL,
	"cancellation_reason" "ticket_reject_reason",
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "tickets_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "tickets_number_uq" UNIQUE("tenant_id","ticket_number"),
	CONSTRAINT "tickets_idempotency_uq" UNIQUE("tenant_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "ticket_counters" ADD CONSTRAINT "ticket_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_ticket_fk" FOREIGN KEY ("tenant_id","ticket_id") REFERENCES "public"."tickets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_prints" ADD CONSTRAINT "ticket_prints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_prints" ADD CONSTRAINT "ticket_prints_ticket_fk" FOREIGN KEY ("tenant_id","ticket_id") REFERENCES "public"."tickets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_events_ticket_idx" ON "ticket_events" USING btree ("tenant_id","ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_prints_ticket_idx" ON "ticket_prints" USING btree ("tenant_id","ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_live_idx" ON "tickets" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "tickets_closed_idx" ON "tickets" USING btree ("tenant_id","closed_at");