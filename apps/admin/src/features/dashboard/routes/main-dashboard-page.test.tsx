import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  dashboardRoutes,
  fillRoutePath,
  OrderingTemplate,
  type DashboardPeriod,
  type DashboardSummary,
} from '@app/contracts';
import { TEST_PROFILE, TEST_TENANT } from '../../../test/app-render.tsx';
import { fakeServer, ok } from '../../../test/fake-server.ts';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { MainDashboardPage } from './main-dashboard-page.tsx';

const url = fillRoutePath(dashboardRoutes.summary.path, { tenantId: TEST_TENANT.tenantId });
const setupUrl = fillRoutePath(dashboardRoutes.setup.path, { tenantId: TEST_TENANT.tenantId });
const [harbour, oldTown] = TEST_PROFILE.branchProfiles;

function period(
  startDate: string,
  figures: Partial<DashboardPeriod['figures']>,
  topItems: DashboardPeriod['topItems'] = [],
): DashboardPeriod {
  return {
    startDate,
    endDate: '2025-06-11',
    figures: {
      orders: 0,
      sales: 0,
      averageTicket: 0,
      awaitingAcceptance: 0,
      cancelled: 0,
      ...figures,
    },
    byDay: [{ date: '2025-06-11', orders: figures.orders ?? 0, sales: figures.sales ?? 0 }],
    byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0, sales: 0 })),
    byTemplate: OrderingTemplate.options.map((checkoutTemplate) => ({
      checkoutTemplate,
      orders: 0,
      sales: 0,
    })),
    byBranch: [harbour!, oldTown!].map((b) => ({
      branchId: b.branchId,
      branchName: b.branchName,
      orders: 0,
      sales: 0,
    })),
    topItems,
  };
}

const summary = (over: Partial<DashboardSummary> = {}): DashboardSummary => ({
  timeZone: 'Asia/Amman',
  currency: 'JOD',
  branchId: null,
  countedStatuses: ['InProgress', 'Completed'],
  generatedAt: '2025-06-11T09:00:00.000Z',
  today: period(
    '2025-06-11',
    { orders: 4, sales: 31.125, averageTicket: 7.781, awaitingAcceptance: 2, cancelled: 1 },
    [
      {
        itemId: '55555555-5555-4555-8555-555555555555',
        localizedTitle: { fieldValue: 'Arabic coffee' },
        quantity: 4,
        sales: 5,
      },
    ],
  ),
  week: period('2025-06-08', { orders: 7, sales: 52.5, averageTicket: 7.5 }),
  ...over,
});

/** A figure card's value, spaces as plain spaces (amounts keep a no-break space). */
const figure = (label: string) =>
  within(screen.getByRole('group', { name: label }))
    .getByTestId('figure')
    .textContent?.replace(/\s/g, ' ');

afterEach(() => vi.unstubAllGlobals());

describe('the main dashboard', () => {
  it("shows a new outlet's setup checklist above the figures, each step linking to its page", async () => {
    const steps = ['menu', 'hours', 'paymentMethods', 'deliveryZones', 'tables'] as const;
    fakeServer({
      [`GET ${url}`]: ok(summary()),
      [`GET ${setupUrl}`]: ok({
        steps: [
          ...steps.map((step) => ({ step, done: step === 'menu' })),
          { step: 'storefrontLink', done: false },
          { step: 'testOrder', done: false },
        ],
        branchId: harbour!.branchId,
      }),
    });
    renderCatalog(<MainDashboardPage />);
    const card = await screen.findByRole('region', { name: 'Set up your outlet' });
    expect(within(card).getByText('1 of 7 done')).toBeVisible();
    expect(within(card).getByRole('progressbar', { name: '1 of 7 done' })).toHaveAttribute(
      'aria-valuenow',
      String(Math.round(100 / 7)),
    );
    expect(within(card).getByTitle('Done')).toBeInTheDocument();
    expect(within(card).getAllByTitle('To do')).toHaveLength(6);
    const href = (name: string) => within(card).getByRole('link', { name }).getAttribute('href');
    expect(href('Add your menu')).toBe('/admin/catalog/v2/categories');
    expect(href('Set your opening hours')).toBe(`/admin/settings/profile/${harbour!.branchId}`);
    expect(href('Switch on delivery zones')).toBe(
      `/admin/settings/profile/${harbour!.branchId}/deliveryFees`,
    );
    expect(href('Add tables and their QR codes')).toBe(
      `/admin/settings/profile/${harbour!.branchId}/serviceareas`,
    );
    expect(href('Place a test order')).toBe(`/admin/settings/profile/${harbour!.branchId}`);
  });

  it('shows no checklist once every step is done', async () => {
    const { requests } = fakeServer({
      [`GET ${url}`]: ok(summary()),
      [`GET ${setupUrl}`]: ok({ steps: [{ step: 'menu', done: true }], branchId: null }),
    });
    renderCatalog(<MainDashboardPage />);
    await waitFor(() => expect(figure('Orders')).toBe('4'));
    // The checklist was read (and its answer had time to render).
    expect(requests.some((r) => r.url.pathname === setupUrl)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Set up your outlet' })).not.toBeInTheDocument();
  });

  it("shows today's figures, and this week's beside them and on the toggle", async () => {
    fakeServer({ [`GET ${url}`]: ok(summary()) });
    renderCatalog(<MainDashboardPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await waitFor(() => expect(figure('Orders')).toBe('4'));
    expect(figure('Sales')).toBe('JOD 31.125');
    expect(figure('Average ticket')).toBe('JOD 7.781');
    expect(figure('Awaiting acceptance')).toBe('2');
    expect(screen.getByText('This week: 7')).toBeVisible();
    expect(screen.getByText('Rejected or cancelled: 1')).toBeVisible();
    const top = screen.getByRole('region', { name: 'Top items' });
    expect(within(top).getByText('Arabic coffee')).toBeVisible();
    expect(within(top).getByText('× 4')).toBeVisible();
    expect(screen.getByText(/of the days and hours of Asia\/Amman/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the orders report' })).toHaveAttribute(
      'href',
      '/admin/reports/all-tickets',
    );

    await userEvent.click(screen.getByRole('button', { name: 'This week' }));
    expect(figure('Orders')).toBe('7');
    expect(figure('Sales')).toBe('JOD 52.500');
    expect(screen.getByText('Today: 4')).toBeVisible();
    // No accepted order in the week's top items: the panel says so.
    expect(
      within(screen.getByRole('region', { name: 'Top items' })).getByText(
        'No accepted orders in this period yet.',
      ),
    ).toBeVisible();
  });

  it('asks for one branch when one is chosen', async () => {
    const { requests } = fakeServer({ [`GET ${url}`]: ok(summary()) });
    renderCatalog(<MainDashboardPage />);
    await waitFor(() => expect(figure('Orders')).toBe('4'));
    expect(requests[0]!.url.searchParams.get('branchId')).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'Branch' }));
    await userEvent.click(screen.getByRole('option', { name: 'Old Town' }));
    await waitFor(() =>
      expect(requests.at(-1)!.url.searchParams.get('branchId')).toBe(oldTown!.branchId),
    );
  });

  it('says when a period has no orders, and offers a retry when the figures fail', async () => {
    let fail = true;
    fakeServer({
      [`GET ${url}`]: () =>
        fail
          ? Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 })
          : Response.json({ results: summary({ today: period('2025-06-11', {}) }) }),
    });
    renderCatalog(<MainDashboardPage />);
    expect(await screen.findByText(/The figures could not be loaded/)).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(figure('Orders')).toBe('0'));
    expect(screen.getAllByText('No accepted orders in this period yet.').length).toBeGreaterThan(2);
  });
});
