CREATE TYPE "public"."membership_role" AS ENUM('OrderTaker', 'StoreManager', 'StoreOwner');--> statement-breakpoint
CREATE TYPE "public"."tax_type" AS ENUM('ADDITIVE', 'INCLUSIVE');--> statement-breakpoint
CREATE TYPE "public"."service_area_template" AS ENUM('DINING', 'MENU');--> statement-breakpoint
CREATE TABLE "branches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"phone_number" text,
	"time_zone" text NOT NULL,
	"checkout_templates" text[] DEFAULT '{DELIVERY,PICKUP,DINING}'::text[] NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"accepting_orders" boolean DEFAULT true NOT NULL,
	"busy" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "membership_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" jsonb NOT NULL,
	"default_admin_language" text DEFAULT 'en' NOT NULL,
	"default_currency" text DEFAULT 'JOD' NOT NULL,
	"is_integrated" boolean DEFAULT false NOT NULL,
	"view_show_section" boolean DEFAULT true NOT NULL,
	"banner_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"parent_id" uuid,
	"title" jsonb NOT NULL,
	"description" jsonb,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"hide_when_not_available" boolean DEFAULT false NOT NULL,
	"excluded_checkout_templates" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_categories_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "catalog_category_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"day_closed" boolean DEFAULT false NOT NULL,
	"open_time" text,
	"close_time" text
);
--> statement-breakpoint
CREATE TABLE "catalog_item_taxes" (
	"tenant_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"tax_id" uuid NOT NULL,
	CONSTRAINT "catalog_item_taxes_tenant_id_item_id_tax_id_pk" PRIMARY KEY("tenant_id","item_id","tax_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 999 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"out_of_stock" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"enable_special_request" boolean DEFAULT true NOT NULL,
	"excluded_checkout_templates" text[] DEFAULT '{}'::text[] NOT NULL,
	"excluded_branches" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_items_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tax_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"tax_type" "tax_type" NOT NULL,
	"percentage" numeric(7, 4) NOT NULL,
	"title" jsonb NOT NULL,
	CONSTRAINT "tax_definitions_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "catalog_item_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"title" jsonb NOT NULL,
	"price" numeric(12, 3) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalog_item_variants_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "branch_delivery_zones" (
	"tenant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"delivery_zone_id" uuid NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"delivery_fee" numeric(12, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "branch_delivery_zones_tenant_id_branch_id_delivery_zone_id_pk" PRIMARY KEY("tenant_id","branch_id","delivery_zone_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title" jsonb NOT NULL,
	CONSTRAINT "delivery_zones_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_area_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "service_area_sections_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "service_area_sections_name_uq" UNIQUE("tenant_id","branch_id","name")
);
--> statement-breakpoint
CREATE TABLE "service_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"title" text,
	"value" text NOT NULL,
	"section_id" uuid,
	"template" "service_area_template" DEFAULT 'DINING' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "service_areas_value_uq" UNIQUE("tenant_id","branch_id","value")
);
--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_categories" ADD CONSTRAINT "catalog_categories_parent_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."catalog_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_category_schedules" ADD CONSTRAINT "catalog_category_schedules_category_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."catalog_categories"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_item_taxes" ADD CONSTRAINT "catalog_item_taxes_item_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."catalog_items"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_item_taxes" ADD CONSTRAINT "catalog_item_taxes_tax_fk" FOREIGN KEY ("tenant_id","tax_id") REFERENCES "public"."tax_definitions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_category_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."catalog_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_definitions" ADD CONSTRAINT "tax_definitions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_item_variants" ADD CONSTRAINT "catalog_item_variants_item_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."catalog_items"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_delivery_zones" ADD CONSTRAINT "branch_delivery_zones_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_delivery_zones" ADD CONSTRAINT "branch_delivery_zones_zone_fk" FOREIGN KEY ("tenant_id","delivery_zone_id") REFERENCES "public"."delivery_zones"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_area_sections" ADD CONSTRAINT "service_area_sections_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_areas" ADD CONSTRAINT "service_areas_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_areas" ADD CONSTRAINT "service_areas_section_fk" FOREIGN KEY ("tenant_id","section_id") REFERENCES "public"."service_area_sections"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branches_tenant_idx" ON "branches" USING btree ("tenant_id","position");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "catalog_categories_tree_idx" ON "catalog_categories" USING btree ("tenant_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "catalog_category_schedules_idx" ON "catalog_category_schedules" USING btree ("tenant_id","category_id","day");--> statement-breakpoint
CREATE INDEX "catalog_items_category_idx" ON "catalog_items" USING btree ("tenant_id","category_id","position");--> statement-breakpoint
CREATE INDEX "catalog_item_variants_item_idx" ON "catalog_item_variants" USING btree ("tenant_id","item_id","position");--> statement-breakpoint
CREATE INDEX "branch_delivery_zones_branch_idx" ON "branch_delivery_zones" USING btree ("tenant_id","branch_id");--> statement-breakpoint
CREATE INDEX "service_areas_branch_idx" ON "service_areas" USING btree ("tenant_id","branch_id");