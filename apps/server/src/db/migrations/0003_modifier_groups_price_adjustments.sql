CREATE TYPE "public"."price_adjustment_direction" AS ENUM('Increase', 'Decrease');--> statement-breakpoint
CREATE TYPE "public"."price_adjustment_type" AS ENUM('Override', 'Percentage', 'Flat');--> statement-breakpoint
CREATE TABLE "catalog_item_modifier_groups" (
	"tenant_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_item_modifier_groups_tenant_id_item_id_group_id_pk" PRIMARY KEY("tenant_id","item_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "modifier_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"title" jsonb NOT NULL,
	"min_quantity" integer DEFAULT 0 NOT NULL,
	"max_quantity" integer DEFAULT 1 NOT NULL,
	"allow_modifier_item_counter" boolean DEFAULT false NOT NULL,
	"pos_sku" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modifier_groups_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "modifier_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"title" jsonb NOT NULL,
	"price" numeric(12, 3) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_adjustment_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"adjustment_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"day_closed" boolean DEFAULT false NOT NULL,
	"open_time" text,
	"close_time" text
);
--> statement-breakpoint
CREATE TABLE "price_adjustment_variants" (
	"tenant_id" uuid NOT NULL,
	"adjustment_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	CONSTRAINT "price_adjustment_variants_tenant_id_adjustment_id_variant_id_pk" PRIMARY KEY("tenant_id","adjustment_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "price_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"adjustment_type" "price_adjustment_type" NOT NULL,
	"adjustment_direction" "price_adjustment_direction" NOT NULL,
	"amount" numeric(12, 3) NOT NULL,
	"checkout_templates" text[] NOT NULL,
	"priority" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_adjustments_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "catalog_item_modifier_groups" ADD CONSTRAINT "catalog_item_modifier_groups_item_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."catalog_items"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_item_modifier_groups" ADD CONSTRAINT "catalog_item_modifier_groups_group_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."modifier_groups"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_groups" ADD CONSTRAINT "modifier_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_items" ADD CONSTRAINT "modifier_items_group_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."modifier_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_adjustment_schedules" ADD CONSTRAINT "price_adjustment_schedules_adjustment_fk" FOREIGN KEY ("tenant_id","adjustment_id") REFERENCES "public"."price_adjustments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_adjustment_variants" ADD CONSTRAINT "price_adjustment_variants_adjustment_fk" FOREIGN KEY ("tenant_id","adjustment_id") REFERENCES "public"."price_adjustments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_adjustment_variants" ADD CONSTRAINT "price_adjustment_variants_variant_fk" FOREIGN KEY ("tenant_id","variant_id") REFERENCES "public"."catalog_item_variants"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_adjustments" ADD CONSTRAINT "price_adjustments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_item_modifier_groups_group_idx" ON "catalog_item_modifier_groups" USING btree ("tenant_id","group_id");--> statement-breakpoint
CREATE INDEX "modifier_groups_tenant_idx" ON "modifier_groups" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "modifier_items_group_idx" ON "modifier_items" USING btree ("tenant_id","group_id","position");--> statement-breakpoint
CREATE INDEX "price_adjustment_schedules_idx" ON "price_adjustment_schedules" USING btree ("tenant_id","adjustment_id","day");--> statement-breakpoint
CREATE INDEX "price_adjustment_variants_variant_idx" ON "price_adjustment_variants" USING btree ("tenant_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_adjustments_name_uq" ON "price_adjustments" USING btree ("tenant_id",lower("name"));