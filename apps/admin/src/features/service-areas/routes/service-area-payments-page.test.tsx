import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceArea } from '@app/contracts';
import { fakeServer, ok, type FakeRequest } from '../../../test/fake-server.ts';
import { sessionFor, TEST_TENANT } from '../../../test/app-render.tsx';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { paths } from '../../../lib/paths.ts';
import { ServiceAreaPaymentsPage } from './service-area-payments-page.tsx';

afterEach(() => vi.unstubAllGlobals());

// The test session's two branches, in the profile's order.
const HARBOUR = '33333333-3333-4333-8333-333333333333';
const OLD_TOWN = '44444444-4444-4444-8444-444444444444';
const base = (branch: string) =>
  `/api/admin/tenants/${TEST_TENANT.tenantId}/branches/${branch}/serviceareamanagement`;
const table = (branch: string, value: string): ServiceArea => ({
  id:
    branch === HARBOUR
      ? '66666666-6666-4666-8666-666666666661'
      : '66666666-6666-4666-8666-666666666662',
  title: null,
  value,
  sectionId: null,
  sectionName: null,
  enabled: true,
  template: 'DINING',
  paymentMethods: [],
});

function serve() {
  return fakeServer({
    [`GET ${base(HARBOUR)}/serviceareas`]: ok({
      serviceAreas: [table(HARBOUR, 'H1')],
      totalCount: 1,
    }),
    [`GET ${base(OLD_TOWN)}/serviceareas`]: ok({
      serviceAreas: [table(OLD_TOWN, 'O7')],
      totalCount: 1,
    }),
  });
}

const branchesAsked = (requests: FakeRequest[]) =>
  requests
    .filter((r) => r.url.pathname.endsWith('/serviceareas'))
    .map((r) => r.url.pathname.split('/')[6]);

describe('per-table payment methods page', { timeout: 20_000 }, () => {
  it("opens the first branch from the side menu's link, and another from the branch list", async () => {
    const { requests } = serve();
    const user = userEvent.setup();
    renderCatalog(<ServiceAreaPaymentsPage />, {
      session: sessionFor('OrderTaker'),
      path: paths.manageQrs,
      pattern: paths.serviceAreaPayments,
    });
    expect(await screen.findByRole('cell', { name: 'H1' })).toBeInTheDocument();
    // An order taker may set the modes but not open the service areas page it belongs to.
    expect(screen.queryByRole('link', { name: /Service areas|Dine/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Branch' }));
    await user.click(await screen.findByRole('option', { name: 'Old Town' }));
    expect(await screen.findByRole('cell', { name: 'O7' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'H1' })).not.toBeInTheDocument();
    // No request ever named the placeholder.
    expect(branchesAsked(requests)).toEqual([HARBOUR, OLD_TOWN]);
  });
});
