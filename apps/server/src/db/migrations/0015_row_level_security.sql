-- Row-level security: a second line of tenant isolation behind the app's own tenant filters
-- (docs/deployment.md, "Row-level security"). The app acts as restaurant_app, which is no
-- superuser, has no BYPASSRLS and owns nothing; each request's statements run in transactions
-- that first set the request's scope (apps/server/src/db/tenant-scope.ts). Without a scope a
-- statement sees no tenant's rows and can write none.
DO $$
BEGIN
  CREATE ROLE restaurant_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  -- Made by an earlier database of this cluster, or by a DBA beforehand.
  NULL;
END $$;
--> statement-breakpoint
-- The migrating user (the tables' owner) may then connect with DATABASE_URL and act as the
-- app (SET ROLE); a DBA grants the role instead where the owner may not.
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'restaurant_app', 'MEMBER') THEN
    EXECUTE format('GRANT restaurant_app TO %I', current_user);
  END IF;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'could not grant restaurant_app to %; grant it to the user of DATABASE_URL', current_user;
END $$;
--> statement-breakpoint
-- Under row-level security a condition may use an index only when its operator is leakproof.
-- enum_eq and enum_ne compare two OIDs and can neither fail nor reveal anything, but are not
-- marked so: without it `status = ANY (...)` (live orders' counters, the report) stops being an
-- index condition and every ticket of the tenant is read. Only a superuser may mark them.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.enum_eq(anyenum, anyenum) LEAKPROOF;
    ALTER FUNCTION pg_catalog.enum_ne(anyenum, anyenum) LEAKPROOF;
  ELSE
    RAISE NOTICE 'enum_eq and enum_ne could not be marked LEAKPROOF (no superuser): status filters scan more of a tenant''s tickets';
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO restaurant_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO restaurant_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO restaurant_app;
--> statement-breakpoint
-- Tables and sequences that later migrations create get the same rights.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO restaurant_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO restaurant_app;
--> statement-breakpoint
-- The request's tenants (app.tenant_ids, comma-separated); none when unset.
CREATE OR REPLACE FUNCTION app_tenant_ids() RETURNS uuid[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_to_array(nullif(current_setting('app.tenant_ids', true), ''), ',')::uuid[], '{}')
$$;
--> statement-breakpoint
-- The signed-in user, whose own memberships are visible in every tenant.
CREATE OR REPLACE FUNCTION app_user_id() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT nullif(current_setting('app.user_id', true), '')::uuid
$$;
--> statement-breakpoint
-- The super admin's platform screens: every tenant's rows, read only.
CREATE OR REPLACE FUNCTION app_cross_tenant_read() RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(current_setting('app.cross_tenant_read', true), '') = 'on'
$$;
--> statement-breakpoint
-- The owner's own sessions (migrations, the demo seed) where the owner is no superuser.
CREATE OR REPLACE FUNCTION app_maintenance() RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(current_setting('app.maintenance', true), '') = 'on'
$$;
--> statement-breakpoint
-- Puts a tenant-owned table (one with tenant_id) under row-level security, forced so that its
-- owner is held too. Every new tenant table's migration calls it:
--   SELECT app_protect_tenant_table('my_table');
-- (The functions are wrapped in sub-selects so each is evaluated once per statement.)
CREATE OR REPLACE FUNCTION app_protect_tenant_table(target regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', target);
  EXECUTE format('DROP POLICY IF EXISTS tenant_rows ON %s', target);
  EXECUTE format('CREATE POLICY tenant_rows ON %s USING (tenant_id = any ((select app_tenant_ids())::uuid[]))', target);
  EXECUTE format('DROP POLICY IF EXISTS platform_read ON %s', target);
  EXECUTE format('CREATE POLICY platform_read ON %s FOR SELECT USING ((select app_cross_tenant_read()))', target);
  EXECUTE format('DROP POLICY IF EXISTS maintenance ON %s', target);
  EXECUTE format('CREATE POLICY maintenance ON %s USING ((select app_maintenance()))', target);
END
$$;
--> statement-breakpoint
SELECT app_protect_tenant_table('branches');
--> statement-breakpoint
SELECT app_protect_tenant_table('memberships');
--> statement-breakpoint
SELECT app_protect_tenant_table('tax_definitions');
--> statement-breakpoint
SELECT app_protect_tenant_table('catalog_categories');
--> statement-breakpoint
SELECT app_protect_tenant_table('catalog_category_schedules');
--> statement-breakpoint
SELECT app_protect_tenant_table('catalog_items');
--> statement-breakpoint
SELECT app_protect_tenant_table('catalog_item_variants');
--> statement-breakpoint
SELECT app_protect_tenant_table('catalog_item_taxes');
--> statement-breakpoint
SELECT app_protect_tenant_table('modifier_groups');
--> statement-breakpoint
SELECT app_protect_tenant_table('modifier_items');
--> statement-breakpoint
SELECT app_protect_tenant_table('catalog_item_modifier_groups');
--> statement-breakpoint
SELECT app_protect_tenant_table('price_adjustments');
--> statement-breakpoint
SELECT app_protect_tenant_table('price_adjustment_variants');
--> statement-breakpoint
SELECT app_protect_tenant_table('price_adjustment_schedules');
--> statement-breakpoint
SELECT app_protect_tenant_table('delivery_zones');
--> statement-breakpoint
SELECT app_protect_tenant_table('branch_delivery_zones');
--> statement-breakpoint
SELECT app_protect_tenant_table('branch_opening_hours');
--> statement-breakpoint
SELECT app_protect_tenant_table('branch_payment_methods');
--> statement-breakpoint
SELECT app_protect_tenant_table('service_area_sections');
--> statement-breakpoint
SELECT app_protect_tenant_table('service_areas');
--> statement-breakpoint
SELECT app_protect_tenant_table('unique_links');
--> statement-breakpoint
SELECT app_protect_tenant_table('service_area_payment_methods');
--> statement-breakpoint
SELECT app_protect_tenant_table('ticket_counters');
--> statement-breakpoint
SELECT app_protect_tenant_table('tickets');
--> statement-breakpoint
SELECT app_protect_tenant_table('ticket_events');
--> statement-breakpoint
SELECT app_protect_tenant_table('ticket_prints');
--> statement-breakpoint
SELECT app_protect_tenant_table('discounts');
--> statement-breakpoint
SELECT app_protect_tenant_table('discount_items');
--> statement-breakpoint
SELECT app_protect_tenant_table('branch_dispatch_settings');
--> statement-breakpoint
SELECT app_protect_tenant_table('driver_dispatches');
--> statement-breakpoint
SELECT app_protect_tenant_table('talabat_express_outlets');
--> statement-breakpoint
SELECT app_protect_tenant_table('table_bill_transactions');
--> statement-breakpoint
SELECT app_protect_tenant_table('table_bill_transaction_tickets');
--> statement-breakpoint
SELECT app_protect_tenant_table('table_bill_refunds');
--> statement-breakpoint
SELECT app_protect_tenant_table('pos_connections');
--> statement-breakpoint
SELECT app_protect_tenant_table('pos_mappings');
--> statement-breakpoint
-- Sign-in, the request guard and the user's tenant list read a user's memberships before any
-- tenant is chosen.
CREATE POLICY own_memberships ON memberships FOR SELECT USING (user_id = (select app_user_id()));
