CREATE TYPE "public"."discount_application" AS ENUM('HIDDEN_CODE', 'MANUAL_ENTRY', 'AUTOMATIC');--> statement-breakpoint
CREATE TYPE "public"."discount_type" AS ENUM('PERCENTAGE', 'FIXED', 'BUY_ONE_GET_ONE', 'FREE_DELIVERY');--> statement-breakpoint
CREATE TABLE "discount_items" (
	"tenant_id" uuid NOT NULL,
	"discount_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "discount_items_tenant_id_discount_id_item_id_pk" PRIMARY KEY("tenant_id","discount_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"code" text NOT NULL,
	"application" "discount_application" NOT NULL,
	"type" "discount_type" NOT NULL,
	"value" numeric(12, 3) NOT NULL,
	"min_order_value" numeric(12, 3) NOT NULL,
	"maximum_discount_value" numeric(12, 3) NOT NULL,
	"usage_limit" integer DEFAULT 0 NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"checkout_templates" text[] NOT NULL,
	"limited_to_items" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "discount_items" ADD CONSTRAINT "discount_items_discount_fk" FOREIGN KEY ("tenant_id","discount_id") REFERENCES "public"."discounts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_items" ADD CONSTRAINT "discount_items_item_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."catalog_items"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_items_item_idx" ON "discount_items" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_code_uq" ON "discounts" USING btree ("tenant_id","code") WHERE not "discounts"."deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_automatic_active_uq" ON "discounts" USING btree ("tenant_id") WHERE "discounts"."active" and "discounts"."application" = 'AUTOMATIC' and not "discounts"."deleted";