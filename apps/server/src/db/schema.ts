// Every table of the product, for Drizzle's typed client and drizzle-kit's migrations.
export * from '../modules/identity/identity.table.ts';
export * from '../modules/identity/oidc.table.ts';
export * from '../modules/catalog/catalog.table.ts';
export * from '../modules/outlet-settings/outlet-settings.table.ts';
export * from '../modules/service-areas/service-areas.table.ts';
export * from '../modules/modifier-groups/modifier-groups.table.ts';
export * from '../modules/price-adjustments/price-adjustments.table.ts';
export * from '../modules/tickets/tickets.table.ts';
export * from '../modules/discounts/discounts.table.ts';
export * from '../modules/dispatch/dispatch.table.ts';
export * from '../modules/reports/reports.table.ts';
export * from '../modules/pos-mapping/pos-mapping.table.ts';
export * from '../modules/table-bills/table-bills.table.ts';
export * from '../modules/tickets/push.table.ts';
export * from '../modules/tickets/printing/printing.table.ts';
export * from '../modules/catalog/stock/stock.table.ts';
export * from '../modules/audit/audit.table.ts';
