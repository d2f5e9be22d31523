import type { Locator, Page } from '@playwright/test';
import {
  branchProfilePath,
  deliveryFeesPath,
  paths,
  serviceAreaPaymentsPath,
  serviceAreasPath,
  talabatExpressPath,
  ticketViewPath,
} from '../src/lib/paths.ts';
import { trPattern, type Lang } from './texts.ts';

/**
 * Every page of the admin that axe checks (a11y-pages.spec.ts), with its main dialogs and side
 * panels. `src/app/a11y-coverage.test.ts` fails when the router has a page that is neither
 * here nor in NOT_PAGES, so a page added later is checked as soon as it is listed.
 */

/** Who opens the page: the demo owner, the platform's super admin, or nobody signed in. */
export type Who = 'owner' | 'superAdmin' | 'signedOut';

/** Ids from the demo data (and the order the spec places) that pages with :params need. */
export interface DemoIds {
  branchId: string;
  ticketId: string;
}

export interface A11yDialog {
  name: string;
  /** Opens it as a user would and answers the control that opened it (focus returns there). */
  open: (page: Page, lang: Lang) => Promise<Locator>;
  /** Only at this width, where the opener exists only there. */
  only?: 'wide' | 'narrow';
}

export interface A11yPage {
  /** The router's path pattern, exactly as the route has it. */
  pattern: string;
  who: Who;
  /** What the test is called; the pattern when absent. */
  name?: string;
  /** Where to go: a path, or one made from the demo's ids (null: nowhere now). Default: the pattern. */
  url?: string | ((ids: DemoIds) => string | null);
  /** Instead of `url`: the first link on this page whose path fits `pattern` (a demo row). */
  linkFrom?: string;
  /** The page is a full document of its own (not reached by the SPA's router). */
  reload?: boolean;
  /** A further state of the page to check too (after a first check as it opens). */
  then?: { name: string; enter: (page: Page, lang: Lang) => Promise<void> };
  dialogs?: A11yDialog[];
}

/** Router paths that are no page to look at: redirects and the sign-in and sign-out hops. */
export const NOT_PAGES: readonly string[] = [
  '/',
  '/login',
  '/ticketview/:id',
  '/t/:id',
  paths.logout,
  paths.logoutCallback,
  // Any other path: back to the login landing.
  '/*',
];

/** A path below a page the owner may open that no screen answers: not found, in the shell. */
const notFoundPage = `${paths.bulkUpload}/no-such-page`;

const button = (page: Page, lang: Lang, key: string) =>
  page.getByRole('button', { name: trPattern(lang, key) }).first();

/** Clicks `opener` and answers it. */
async function click(opener: Locator): Promise<Locator> {
  await opener.click();
  return opener;
}

const ticketSheet: A11yDialog = {
  name: 'order details sheet',
  // An order the spec placed: a row of the table (wide) or a card (narrow).
  open: async (page, lang) => {
    const main = page.getByRole('main');
    const row = main.getByRole('row', { name: trPattern(lang, 'tickets:rowLabel') }).first();
    const card = main.getByRole('listitem').getByRole('button').first();
    await row.or(card).first().waitFor();
    return click((await row.isVisible()) ? row : card);
  },
};

export const A11Y_PAGES: readonly A11yPage[] = [
  // Signed out: the sign-in screens and the provider's own page.
  { pattern: paths.loginLanding, who: 'signedOut' },
  { pattern: paths.login, who: 'signedOut', name: 'provider sign-in page', reload: true },
  { pattern: paths.outletSignup, who: 'signedOut' },
  {
    pattern: paths.authCallback,
    who: 'signedOut',
    name: 'sign-in failure',
    url: `${paths.authCallback}?error=access_denied`,
  },
  // The store owner's pages.
  {
    pattern: paths.dashboard,
    who: 'owner',
    dialogs: [
      {
        name: 'side menu',
        only: 'narrow',
        open: (page, lang) => click(button(page, lang, 'common:nav.openMenu')),
      },
    ],
  },
  {
    pattern: paths.liveOrders,
    who: 'owner',
    then: {
      name: 'started',
      enter: async (page, lang) => {
        const start = button(page, lang, 'tickets:start.button');
        // Started once per tab: the prompt is gone on the next visit.
        if (await start.isVisible()) await start.click();
        await page
          .getByRole('main')
          .getByRole('heading', { level: 2, name: trPattern(lang, 'tickets:start.heading') })
          .waitFor({ state: 'detached' });
      },
    },
    dialogs: [ticketSheet],
  },
  {
    pattern: paths.ticketView,
    who: 'owner',
    url: (ids) => ticketViewPath(ids.ticketId),
    dialogs: [
      {
        name: 'reject with a reason',
        open: (page, lang) => click(button(page, lang, 'ticketDetails:actions.reject')),
      },
      {
        name: 'transfer',
        open: (page, lang) => click(button(page, lang, 'ticketDetails:actions.transfer')),
      },
    ],
  },
  {
    pattern: paths.allTicketsReport,
    who: 'owner',
    dialogs: [
      {
        name: 'order details sheet',
        open: (page, lang) => click(button(page, lang, 'reports:openTicket')),
      },
    ],
  },
  {
    pattern: paths.catalog,
    who: 'owner',
    dialogs: [
      {
        name: 'add main section',
        open: (page, lang) => click(button(page, lang, 'catalog:actions.createMainSection')),
      },
      {
        name: 'section positions',
        open: (page, lang) => click(button(page, lang, 'catalog:actions.sectionPositions')),
      },
      {
        name: 'storefront preview',
        open: (page, lang) => click(button(page, lang, 'catalog:actions.previewMenu')),
      },
    ],
  },
  {
    pattern: paths.catalogSection,
    who: 'owner',
    linkFrom: paths.catalog,
    dialogs: [
      {
        name: 'item editor',
        open: (page, lang) => click(button(page, lang, 'catalog:actions.editItemNamed')),
      },
      {
        name: 'sort items',
        open: (page, lang) => click(button(page, lang, 'catalog:actions.sortItemsNamed')),
      },
    ],
  },
  { pattern: paths.catalogManager, who: 'owner' },
  { pattern: paths.catalogArrange, who: 'owner' },
  { pattern: paths.priceAdjustments, who: 'owner' },
  {
    pattern: `${paths.priceAdjustments}/:id`,
    who: 'owner',
    name: 'new price adjustment',
    url: `${paths.priceAdjustments}/new`,
  },
  {
    pattern: `${paths.priceAdjustments}/:id`,
    who: 'owner',
    linkFrom: paths.priceAdjustments,
  },
  {
    pattern: paths.modifierGroups,
    who: 'owner',
    dialogs: [
      {
        name: 'add modifier group',
        open: (page, lang) => click(button(page, lang, 'catalog:modifierGroups.add')),
      },
    ],
  },
  { pattern: paths.localizeMenu, who: 'owner' },
  { pattern: `${paths.localizeMenu}/category/:id`, who: 'owner', linkFrom: paths.localizeMenu },
  { pattern: `${paths.localizeMenu}/item/:id`, who: 'owner', linkFrom: paths.localizeMenu },
  {
    pattern: `${paths.localizeMenu}/modifiergroup/:id`,
    who: 'owner',
    linkFrom: paths.localizeMenu,
  },
  {
    pattern: paths.posMapping,
    who: 'owner',
    then: {
      name: 'modifiers',
      enter: async (page, lang) => {
        await page.getByRole('tab', { name: trPattern(lang, 'posMapping:tabs.modifiers') }).click();
      },
    },
    dialogs: [
      {
        name: 'map to a HubRise code',
        open: (page, lang) =>
          click(
            page
              .getByRole('main')
              .getByRole('button', { name: trPattern(lang, 'posMapping:mapNamed') })
              .first(),
          ),
      },
    ],
  },
  {
    pattern: paths.bulkUpload,
    who: 'owner',
    then: {
      name: 'a refused file',
      // Not a spreadsheet inside: the server's refusal shows as an alert.
      enter: async (page, lang) => {
        await page.locator('input[type="file"]').setInputFiles({
          name: 'menu.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from('not a spreadsheet'),
        });
        await button(page, lang, 'bulkUpload:upload').click();
        await page
          .getByRole('main')
          .getByRole('alert')
          .filter({ hasText: trPattern(lang, 'bulkUpload:errors.bulk_upload_not_xlsx') })
          .waitFor();
      },
    },
  },
  { pattern: paths.tableBillLivePayments, who: 'owner' },
  { pattern: paths.tableBillTransactions, who: 'owner' },
  { pattern: paths.discounts, who: 'owner' },
  {
    pattern: paths.discountForm,
    who: 'owner',
    name: 'new discount',
    url: '/admin/marketing/discounts/new',
  },
  { pattern: paths.discountForm, who: 'owner', linkFrom: paths.discounts },
  {
    pattern: paths.acceptOrders,
    who: 'owner',
    dialogs: [
      {
        name: 'sound help',
        open: (page, lang) => click(button(page, lang, 'outlet:sound.helpLink')),
      },
      {
        name: 'close the outlet',
        open: (page, lang) =>
          click(
            page
              .getByRole('switch', { name: trPattern(lang, 'outlet:branch.closeOutletOf') })
              .first(),
          ),
      },
    ],
  },
  {
    pattern: paths.printResult,
    who: 'owner',
    name: 'print result',
    url: '/admin/tickets/print-result?passprnt_code=-10',
  },
  {
    pattern: paths.printers,
    who: 'owner',
    dialogs: [
      {
        name: 'add printer',
        open: (page, lang) => click(button(page, lang, 'outlet:printers.addTo')),
      },
    ],
  },
  { pattern: paths.branchSettings, who: 'owner' },
  { pattern: paths.activity, who: 'owner' },
  // The same screen as acceptOrders: not right after it, where React keeps its heading.
  { pattern: paths.operatingStatus, who: 'owner' },
  {
    pattern: paths.branchProfile,
    who: 'owner',
    url: (ids) => branchProfilePath(ids.branchId),
    dialogs: [
      {
        name: 'opening hours',
        open: (page, lang) => click(button(page, lang, 'outlet:hours.edit')),
      },
    ],
  },
  {
    pattern: paths.deliveryFees,
    who: 'owner',
    url: (ids) => deliveryFeesPath(ids.branchId),
    dialogs: [
      {
        name: 'zone fee',
        open: (page, lang) => click(button(page, lang, 'outlet:zones.editFee')),
      },
    ],
  },
  {
    pattern: paths.talabatExpress,
    who: 'owner',
    url: (ids) => talabatExpressPath(ids.branchId),
  },
  {
    pattern: paths.serviceAreas,
    who: 'owner',
    url: (ids) => serviceAreasPath(ids.branchId),
    dialogs: [
      {
        name: 'add section',
        open: (page, lang) => click(button(page, lang, 'serviceAreas:sections.add')),
      },
      {
        name: 'add service areas',
        open: (page, lang) => click(button(page, lang, 'serviceAreas:tables.add')),
      },
    ],
  },
  {
    pattern: paths.serviceAreaPayments,
    who: 'owner',
    url: (ids) => serviceAreaPaymentsPath(ids.branchId),
  },
  { pattern: paths.branding, who: 'owner' },
  { pattern: paths.unauthorized, who: 'owner' },
  // A path below an admin page that no screen answers shows the not-found page in the shell.
  { pattern: '/admin/*', who: 'owner', name: 'page not found', url: notFoundPage },
  // The platform's own pages.
  {
    pattern: paths.tenants,
    who: 'superAdmin',
    dialogs: [
      {
        name: 'tenant details',
        // In the list: the narrow top bar's "Open menu" fits the same words.
        open: (page, lang) =>
          click(
            page
              .getByRole('main')
              .getByRole('button', { name: trPattern(lang, 'platform:tenants.open') })
              .first(),
          ),
      },
    ],
  },
  { pattern: paths.unverifiedTickets, who: 'superAdmin' },
];
