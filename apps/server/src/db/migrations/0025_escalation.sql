ALTER TABLE "branches" ADD COLUMN "escalate_after_minutes" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "escalated_at" timestamp with time zone;