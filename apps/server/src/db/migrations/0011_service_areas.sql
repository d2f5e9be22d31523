CREATE TYPE "public"."unique_link_template" AS ENUM('DELIVERY', 'PICKUP');--> statement-breakpoint
CREATE TABLE "service_area_payment_methods" (
	"tenant_id" uuid NOT NULL,
	"service_area_id" uuid NOT NULL,
	"payment_method_type" text NOT NULL,
	"active" boolean NOT NULL,
	CONSTRAINT "service_area_payment_methods_tenant_id_service_area_id_payment_method_type_pk" PRIMARY KEY("tenant_id","service_area_id","payment_method_type")
);
--> statement-breakpoint
CREATE TABLE "unique_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"name" text NOT NULL,
	"template" "unique_link_template" NOT NULL,
	CONSTRAINT "unique_links_name_uq" UNIQUE("tenant_id","branch_id","template","name")
);
--> statement-breakpoint
ALTER TABLE "service_areas" DROP CONSTRAINT "service_areas_value_uq";--> statement-breakpoint
ALTER TABLE "service_areas" ADD CONSTRAINT "service_areas_name_uq" UNIQUE NULLS NOT DISTINCT("tenant_id","branch_id","title","value");--> statement-breakpoint
ALTER TABLE "service_areas" ADD CONSTRAINT "service_areas_tenant_id_uq" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "service_area_payment_methods" ADD CONSTRAINT "service_area_payment_methods_area_fk" FOREIGN KEY ("tenant_id","service_area_id") REFERENCES "public"."service_areas"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unique_links" ADD CONSTRAINT "unique_links_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unique_links_branch_idx" ON "unique_links" USING btree ("tenant_id","branch_id");
