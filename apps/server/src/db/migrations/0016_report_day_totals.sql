-- The orders report's footer over long ranges (issue 16): cart tickets added up per UTC day and
-- per value of the report's column filters, kept by statement triggers on tickets in the same
-- transaction as the write. Each trigger adds up its statement's rows by key and writes them in
-- key order, so concurrent writers lock the rows they share in one order.
CREATE TABLE "report_day_totals" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"branch_id" uuid NOT NULL,
	"status" "ticket_status" NOT NULL,
	"checkout_template" text NOT NULL,
	"payment_method" text NOT NULL,
	"delivery_zone_id" uuid,
	"currency" text NOT NULL,
	"ticket_count" bigint NOT NULL,
	"total" numeric(20, 3) NOT NULL,
	CONSTRAINT "report_day_totals_key" UNIQUE NULLS NOT DISTINCT("tenant_id","day","branch_id","status","checkout_template","payment_method","delivery_zone_id","currency")
);
--> statement-breakpoint
ALTER TABLE "report_day_totals" ADD CONSTRAINT "report_day_totals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_day_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_day_totals AS r (tenant_id, day, branch_id, status, checkout_template,
    payment_method, delivery_zone_id, currency, ticket_count, total)
  SELECT n.tenant_id, (n.created_at AT TIME ZONE 'UTC')::date, n.branch_id, n.status,
    n.checkout_template, coalesce(n.payment_method_type, 'CASH'), n.delivery_zone_id, n.currency,
    count(*), sum(n.total)
  FROM new_tickets n
  WHERE n.ticket_type = 'cartticket'
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT ON CONSTRAINT report_day_totals_key DO UPDATE
    SET ticket_count = r.ticket_count + excluded.ticket_count, total = r.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves a ticket from its old key to its new one (status, branch, day, amount…);
-- updates that change none of them net to nothing and write nothing.
CREATE OR REPLACE FUNCTION report_day_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_day_totals AS r (tenant_id, day, branch_id, status, checkout_template,
    payment_method, delivery_zone_id, currency, ticket_count, total)
  SELECT d.tenant_id, d.day, d.branch_id, d.status, d.checkout_template, d.payment_method,
    d.delivery_zone_id, d.currency, sum(d.n), sum(d.amount)
  FROM (
    SELECT o.tenant_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, o.branch_id, o.status,
      o.checkout_template, coalesce(o.payment_method_type, 'CASH') AS payment_method,
      o.delivery_zone_id, o.currency, -1 AS n, -o.total AS amount
    FROM old_tickets o WHERE o.ticket_type = 'cartticket'
    UNION ALL
    SELECT n.tenant_id, (n.created_at AT TIME ZONE 'UTC')::date, n.branch_id, n.status,
      n.checkout_template, coalesce(n.payment_method_type, 'CASH'), n.delivery_zone_id,
      n.currency, 1, n.total
    FROM new_tickets n WHERE n.ticket_type = 'cartticket'
  ) d
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT ON CONSTRAINT report_day_totals_key DO UPDATE
    SET ticket_count = r.ticket_count + excluded.ticket_count, total = r.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deleting only ever lowers existing rows: a tenant's cascade may already have removed them.
CREATE OR REPLACE FUNCTION report_day_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_day_totals r
  SET ticket_count = r.ticket_count - d.n, total = r.total - d.amount
  FROM (
    SELECT o.tenant_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, o.branch_id, o.status,
      o.checkout_template, coalesce(o.payment_method_type, 'CASH') AS payment_method,
      o.delivery_zone_id, o.currency, count(*) AS n, sum(o.total) AS amount
    FROM old_tickets o WHERE o.ticket_type = 'cartticket'
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ) d
  WHERE r.tenant_id = d.tenant_id AND r.day = d.day AND r.branch_id = d.branch_id
    AND r.status = d.status AND r.checkout_template = d.checkout_template
    AND r.payment_method = d.payment_method
    AND r.delivery_zone_id IS NOT DISTINCT FROM d.delivery_zone_id AND r.currency = d.currency;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_report_day_totals_insert AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS new_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION report_day_totals_insert();
--> statement-breakpoint
CREATE TRIGGER tickets_report_day_totals_update AFTER UPDATE ON tickets
  REFERENCING OLD TABLE AS old_tickets NEW TABLE AS new_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION report_day_totals_update();
--> statement-breakpoint
CREATE TRIGGER tickets_report_day_totals_delete AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS old_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION report_day_totals_delete();
--> statement-breakpoint
-- The tickets already there (the migrations run in one transaction: the triggers' lock on
-- tickets holds writers back until the rows are counted).
INSERT INTO report_day_totals (tenant_id, day, branch_id, status, checkout_template,
  payment_method, delivery_zone_id, currency, ticket_count, total)
SELECT t.tenant_id, (t.created_at AT TIME ZONE 'UTC')::date, t.branch_id, t.status,
  t.checkout_template, coalesce(t.payment_method_type, 'CASH'), t.delivery_zone_id, t.currency,
  count(*), sum(t.total)
FROM tickets t
WHERE t.ticket_type = 'cartticket'
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
-- Row-level security (0015): its tenant policies, like every tenant table.
SELECT app_protect_tenant_table('report_day_totals');
