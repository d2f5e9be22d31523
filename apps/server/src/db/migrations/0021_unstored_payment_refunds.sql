CREATE TABLE "unstored_payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"payment_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unstored_payment_refunds_key_uq" UNIQUE("tenant_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "unstored_payment_refunds" ADD CONSTRAINT "unstored_payment_refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Row-level security (0015): its tenant policies, like every tenant table.
SELECT app_protect_tenant_table('unstored_payment_refunds');
