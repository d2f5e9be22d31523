DROP INDEX "users_email_lower_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_email_lower_idx" ON "users" USING btree (lower("email")) WHERE "users"."email_verified";--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));