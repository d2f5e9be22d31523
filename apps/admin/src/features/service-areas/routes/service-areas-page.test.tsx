import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceArea } from '@app/contracts';
import { fakeServer, ok, type FakeRequest } from '../../../test/fake-server.ts';
import { TEST_TENANT } from '../../../test/app-render.tsx';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { ServiceAreasPage } from './service-areas-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const BRANCH = '33333333-3333-4333-8333-333333333333';
const BASE = `/api/admin/tenants/${TEST_TENANT.tenantId}/branches/${BRANCH}/serviceareamanagement`;
const SECTION = { id: '55555555-5555-4555-8555-555555555555', name: 'Terrace' };
const area = (n: number): ServiceArea => ({
  id: `66666666-6666-4666-8666-66666666666${n}`,
  title: 'T',
  value: String(n),
  sectionId: SECTION.id,
  sectionName: SECTION.name,
  enabled: true,
  template: 'DINING',
  paymentMethods: [],
});
const AREAS = [area(1), area(2), area(3)];
const writes = (requests: FakeRequest[], method: string) =>
  requests.filter((r) => r.method === method && r.url.pathname.startsWith(BASE));

function serve(overrides: Record<string, (req: FakeRequest) => Response> = {}) {
  return fakeServer({
    [`GET ${BASE}/sections`]: ok([SECTION]),
    [`GET ${BASE}/serviceareas`]: ok({ serviceAreas: AREAS, totalCount: 3 }),
    [`GET ${BASE}/uniquelinks/DELIVERY`]: ok([]),
    [`GET ${BASE}/uniquelinks/PICKUP`]: ok([]),
    ...overrides,
  });
}

const renderPage = () =>
  renderCatalog(<ServiceAreasPage />, {
    path: `/admin/settings/profile/${BRANCH}/serviceareas`,
    pattern: '/admin/settings/profile/:id/serviceareas',
  });

describe('service areas page', { timeout: 20_000 }, () => {
  it('switches the selection to MENU after a confirmation and reports a partial success', async () => {
    const { requests } = serve(
      Object.fromEntries(
        AREAS.map((a, i) => [
          `PUT ${BASE}/serviceareas/${a.id}`,
          () =>
            i === 1
              ? Response.json({ error: { code: 'x', message: 'x' } }, { status: 500 })
              : ok({ ...a, template: 'MENU' })(),
        ]),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Dine in / Menu Only' });
    // Nothing selected: the bulk switch does nothing.
    expect(screen.getByRole('button', { name: 'Switch to MENU' })).toBeDisabled();
    await user.click(within(table).getByLabelText('Select T 1'));
    await user.click(within(table).getByLabelText('Select T 2'));
    await user.click(screen.getByRole('button', { name: 'Switch to MENU' }));
    const confirm = screen.getByRole('dialog', { name: 'Switch template' });
    expect(confirm).toHaveTextContent(
      'Are you sure you want to switch 2 service area(s) to MENU template?',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Switch' }));
    expect(
      await screen.findByText(
        'Some errors occurred while switching templates. 1 out of 2 succeeded.',
      ),
    ).toBeVisible();
    expect(writes(requests, 'PUT').map((r) => JSON.parse(r.body ?? '{}'))).toEqual([
      { template: 'MENU' },
      { template: 'MENU' },
    ]);
  });

  it('adds a range: the prefix only behind its toggle, the limits checked before saving', async () => {
    const { requests } = serve({
      [`POST ${BASE}/serviceareas`]: () =>
        Response.json(
          { errors: [{ field: 'rangeStart', codes: ['duplicate_service_area'] }] },
          { status: 422 },
        ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add service areas' }));
    const dialog = screen.getByRole('dialog', { name: 'Add service areas' });
    expect(within(dialog).queryByRole('textbox', { name: /Prefix/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('spinbutton', { name: /^From/ }), '0');
    await user.type(within(dialog).getByRole('spinbutton', { name: /^To/ }), '1001');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required, minimum 1')).toBeVisible();
    expect(within(dialog).getByText('At most 1000')).toBeVisible();
    expect(writes(requests, 'POST')).toEqual([]);

    await user.clear(within(dialog).getByRole('spinbutton', { name: /^From/ }));
    await user.type(within(dialog).getByRole('spinbutton', { name: /^From/ }), '1');
    await user.clear(within(dialog).getByRole('spinbutton', { name: /^To/ }));
    await user.type(within(dialog).getByRole('spinbutton', { name: /^To/ }), '20');
    await user.click(within(dialog).getByRole('switch', { name: 'Add Prefix' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Prefix/ }), 'Bar');
    expect(within(dialog).getByText('Ex: Bar 20')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please make sure no duplicate table is added',
    );
    // The dialog says what is wrong; no second, generic "Unable to save" beside it.
    expect(screen.queryByText('Unable to save, please try again.')).not.toBeInTheDocument();
    expect(JSON.parse(writes(requests, 'POST')[0]?.body ?? '{}')).toEqual({
      title: 'Bar',
      rangeStart: 1,
      rangeEnd: 20,
      sectionId: null,
      enabled: true,
      template: 'DINING',
    });
  });
});
