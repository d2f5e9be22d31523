CREATE TYPE "public"."table_bill_refund_status" AS ENUM('PENDING', 'SUCCEEDED');--> statement-breakpoint
CREATE TYPE "public"."table_bill_transaction_status" AS ENUM('PAID', 'PARTIALLY_REFUNDED', 'REFUNDED');--> statement-breakpoint
CREATE TABLE "table_bill_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"amount" numeric(14, 3) NOT NULL,
	"status" "table_bill_refund_status" DEFAULT 'PENDING' NOT NULL,
	"provider_refund_id" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_bill_transaction_tickets" (
	"tenant_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	CONSTRAINT "table_bill_transaction_tickets_pk" PRIMARY KEY("tenant_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "table_bill_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"service_area_id" uuid,
	"service_area_name" text NOT NULL,
	"amount" numeric(14, 3) NOT NULL,
	"refunded_amount" numeric(14, 3) DEFAULT '0' NOT NULL,
	"currency" text NOT NULL,
	"status" "table_bill_transaction_status" DEFAULT 'PAID' NOT NULL,
	"payment_method_type" text NOT NULL,
	"card_scheme" text,
	"masked_value" text,
	"payment_reference" text NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_bill_transactions_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "table_bill_transactions_idempotency_uq" UNIQUE("tenant_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "table_bill_refunds" ADD CONSTRAINT "table_bill_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_refunds" ADD CONSTRAINT "table_bill_refunds_transaction_fk" FOREIGN KEY ("tenant_id","transaction_id") REFERENCES "public"."table_bill_transactions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_transaction_tickets" ADD CONSTRAINT "table_bill_transaction_tickets_transaction_fk" FOREIGN KEY ("tenant_id","transaction_id") REFERENCES "public"."table_bill_transactions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_transaction_tickets" ADD CONSTRAINT "table_bill_transaction_tickets_ticket_fk" FOREIGN KEY ("tenant_id","ticket_id") REFERENCES "public"."tickets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_transactions" ADD CONSTRAINT "table_bill_transactions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_bill_transactions" ADD CONSTRAINT "table_bill_transactions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_bill_refunds_transaction_idx" ON "table_bill_refunds" USING btree ("tenant_id","transaction_id","created_at");--> statement-breakpoint
CREATE INDEX "table_bill_transaction_tickets_transaction_idx" ON "table_bill_transaction_tickets" USING btree ("tenant_id","transaction_id");--> statement-breakpoint
CREATE INDEX "table_bill_transactions_paid_idx" ON "table_bill_transactions" USING btree ("tenant_id","paid_at");