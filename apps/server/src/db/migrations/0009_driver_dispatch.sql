CREATE TABLE "branch_dispatch_settings" (
	"tenant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"integration_type" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branch_dispatch_settings_pk" PRIMARY KEY("tenant_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "driver_dispatches" (
	"tenant_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"integration_type" text NOT NULL,
	"dispatch_status" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"external_reference_id" text,
	"driver_name" text,
	"driver_phone_number" text,
	"estimated_pickup_time" timestamp with time zone,
	"estimated_delivery_time" timestamp with time zone,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status_check" timestamp with time zone,
	CONSTRAINT "driver_dispatches_pk" PRIMARY KEY("tenant_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "talabat_express_outlets" (
	"tenant_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"client_vendor_id" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"currency" text NOT NULL,
	"locale" text NOT NULL,
	"phone_number" text NOT NULL,
	"users" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "talabat_express_outlets_pk" PRIMARY KEY("tenant_id","branch_id"),
	CONSTRAINT "talabat_express_outlets_vendor_uq" UNIQUE("client_vendor_id")
);
--> statement-breakpoint
ALTER TABLE "branch_dispatch_settings" ADD CONSTRAINT "branch_dispatch_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_dispatch_settings" ADD CONSTRAINT "branch_dispatch_settings_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_dispatches" ADD CONSTRAINT "driver_dispatches_ticket_fk" FOREIGN KEY ("tenant_id","ticket_id") REFERENCES "public"."tickets"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talabat_express_outlets" ADD CONSTRAINT "talabat_express_outlets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talabat_express_outlets" ADD CONSTRAINT "talabat_express_outlets_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;