/**
 * The side menu's links each role sees, in order (the pages built so far that it may open):
 * the side menu's unit test and the sign-in end-to-end spec expect the same lists.
 */
export const OWNER_MENU = [
  'Dashboard',
  'Live orders',
  'Orders report',
  'Menus',
  'Main sections',
  'Price adjustments',
  'Modifier groups',
  'Translate menu',
  'Bulk upload',
  'Per-table payment methods',
  'POS mapping',
  'Table payments',
  'Table transactions',
  'Discounts',
  'Accept/pause orders',
  'Printers',
  'Branch/store settings',
  'Activity',
  'Logout',
];

export const MANAGER_MENU = [
  'Live orders',
  'Orders report',
  'Main sections',
  'Modifier groups',
  'Translate menu',
  'Per-table payment methods',
  'Discounts',
  'Accept/pause orders',
  'Printers',
  'Activity',
  'Logout',
];

export const ORDER_TAKER_MENU = [
  'Live orders',
  'Orders report',
  'Per-table payment methods',
  'Logout',
];
