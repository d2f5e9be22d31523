CREATE TABLE "branch_opening_hours" (
	"tenant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"checkout_template" text NOT NULL,
	"day" smallint NOT NULL,
	"day_closed" boolean NOT NULL,
	"hours" jsonb NOT NULL,
	CONSTRAINT "branch_opening_hours_tenant_id_branch_id_checkout_template_day_pk" PRIMARY KEY("tenant_id","branch_id","checkout_template","day"),
	CONSTRAINT "branch_opening_hours_day_ck" CHECK ("branch_opening_hours"."day" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "branch_payment_methods" (
	"tenant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"checkout_template" text NOT NULL,
	"payment_method_type" text NOT NULL,
	"active" boolean NOT NULL,
	CONSTRAINT "branch_payment_methods_tenant_id_branch_id_checkout_template_payment_method_type_pk" PRIMARY KEY("tenant_id","branch_id","checkout_template","payment_method_type")
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "custom_domain" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "website_host" text;--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "delivery_type" text DEFAULT 'ZONE_BASED_FIXED_FEES' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "primary_hex" text DEFAULT '#1976d2' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "landing_image_url" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "logo_white_url" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "room_service" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "branch_opening_hours" ADD CONSTRAINT "branch_opening_hours_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_payment_methods" ADD CONSTRAINT "branch_payment_methods_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;