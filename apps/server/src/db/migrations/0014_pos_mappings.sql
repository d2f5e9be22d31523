CREATE TABLE "pos_connections" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'HUBRISE' NOT NULL,
	"location_id" text,
	"catalog_id" text NOT NULL,
	"access_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"item_id" uuid,
	"modifier_group_id" uuid,
	"modifier_item_id" uuid,
	"external_sku" text,
	"external_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_mappings_one_target" CHECK (num_nonnulls("pos_mappings"."item_id", "pos_mappings"."modifier_group_id", "pos_mappings"."modifier_item_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "pos_connections" ADD CONSTRAINT "pos_connections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_mappings" ADD CONSTRAINT "pos_mappings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_mappings" ADD CONSTRAINT "pos_mappings_modifier_item_id_modifier_items_id_fk" FOREIGN KEY ("modifier_item_id") REFERENCES "public"."modifier_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_mappings" ADD CONSTRAINT "pos_mappings_item_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."catalog_items"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_mappings" ADD CONSTRAINT "pos_mappings_modifier_group_fk" FOREIGN KEY ("tenant_id","modifier_group_id") REFERENCES "public"."modifier_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_mappings_item_uq" ON "pos_mappings" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_mappings_modifier_group_uq" ON "pos_mappings" USING btree ("tenant_id","modifier_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_mappings_modifier_item_uq" ON "pos_mappings" USING btree ("tenant_id","modifier_item_id");