CREATE TABLE "live_screens" (
	"id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"sound_on" boolean DEFAULT false NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_heard_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_screens_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "live_screens" ADD CONSTRAINT "live_screens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_screens" ADD CONSTRAINT "live_screens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_screens_heard_idx" ON "live_screens" USING btree ("last_heard_at");--> statement-breakpoint
-- Row-level security (0015): its tenant policies, like every tenant table.
SELECT app_protect_tenant_table('live_screens');
