-- The orders report (issue 16): cart tickets of a tenant by day range, newest first, a page at
-- a time; the footer totals read status, currency and total from the index alone.
CREATE INDEX IF NOT EXISTS "tickets_report_idx" ON "tickets" USING btree ("tenant_id", "created_at", "ticket_number") INCLUDE ("status", "currency", "total") WHERE "ticket_type" = 'cartticket';
--> statement-breakpoint
-- The phone filter matches the end of the number (a number typed without its country code):
-- a prefix of the reversed number, which a btree answers.
CREATE INDEX IF NOT EXISTS "tickets_report_phone_idx" ON "tickets" USING btree ("tenant_id", reverse(coalesce("ticket_details" ->> 'phoneNumber', "ticket_details" -> 'onPropertyInfo' ->> 'phoneNumber')) text_pattern_ops) WHERE "ticket_type" = 'cartticket';
