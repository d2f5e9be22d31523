/**
 * The side menu's links each role sees, in order (the pages built so far that it may open):
 * the side menu's unit test and the sign-in end-to-end spec expect the same lists.
 */
export const OWNER_MENU = [
  'Dashboard',
  'Live orders',
  'All tickets report',
  'Menus',
  'Manage catalog',
  'Price adjustments',
  'Modifier groups',
  'Localize menu',
  'Bulk upload',
  'Manage QRs',
  'POS mapping',
  'Table live payments',
  'Table transactions',
  'Discounts',
  'Accept/pause orders',
  'Branch/store settings',
  'Logout',
];

export const MANAGER_MENU = [
  'Live orders',
  'All tickets report',
  'Manage catalog',
  'Modifier groups',
  'Localize menu',
  'Manage QRs',
  'Discounts',
  'Accept/pause orders',
  'Logout',
];

export const ORDER_TAKER_MENU = ['Live orders', 'All tickets report', 'Manage QRs', 'Logout'];
