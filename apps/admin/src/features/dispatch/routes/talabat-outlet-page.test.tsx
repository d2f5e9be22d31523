import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutletConfig } from '@app/contracts';
import { fakeServer, ok, type FakeRequest } from '../../../test/fake-server.ts';
import { TEST_TENANT } from '../../../test/app-render.tsx';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { testBranchProfile } from '../../../test/branch-profile.ts';
import { TalabatOutletPage } from './talabat-outlet-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const BRANCH = '33333333-3333-4333-8333-333333333333';
const BASE = `/api/admin/tenants/${TEST_TENANT.tenantId}/branches/${BRANCH}/settings`;
const OUTLET_URL = `${BASE}/talabatExpress/outlet`;
const PROFILE = testBranchProfile();

const puts = (requests: FakeRequest[]) =>
  requests
    .filter((r) => r.method === 'PUT')
    .map(
      (r) =>
        JSON.parse(r.body ?? 'null') as {
          outlet: Record<string, unknown>;
          add_user: string[];
          delete_user: string[];
        },
    );

/** A Talabat Express stand-in: 404 until a PUT, then the outlet with its users. */
function serveOutlet() {
  let outlet: OutletConfig | null = null;
  return fakeServer({
    [`GET ${BASE}/profile`]: ok(PROFILE),
    [`GET ${OUTLET_URL}`]: () =>
      outlet
        ? Response.json({ results: outlet })
        : Response.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 }),
    [`PUT ${OUTLET_URL}`]: (req) => {
      const body = JSON.parse(req.body ?? '{}') as {
        outlet: Omit<OutletConfig, 'users' | 'client_vendor_id'>;
        add_user?: string[];
        delete_user?: string[];
      };
      const users = [...(outlet?.users ?? []), ...(body.add_user ?? [])].filter(
        (u) => !(body.delete_user ?? []).includes(u),
      );
      outlet = { ...body.outlet, client_vendor_id: BRANCH, users };
      return Response.json({ results: outlet });
    },
  });
}

const renderPage = () =>
  renderCatalog(<TalabatOutletPage />, {
    path: `/admin/settings/profile/${BRANCH}/talabatexpress`,
    pattern: '/admin/settings/profile/:id/talabatexpress',
  });

describe('the third-party delivery outlet', { timeout: 30_000 }, () => {
  it('creates a new outlet with its defaults, then saves and adds emails at once', async () => {
    const { requests } = serveOutlet();
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByText('Loading the outlet…')).toBeVisible();
    const create = await screen.findByRole('button', {
      name: 'Create New Talabat Outlet With Default Settings',
    });
    expect(screen.getByText('A 16% tax configuration must be added for this setup.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Outlet name' })).toHaveValue('Harbour Street');

    // An email of a new outlet waits for its creation.
    const email = screen.getByRole('textbox', { name: 'Add a user email' });
    await user.type(email, '  chef@harbour.example {Enter}');
    expect(screen.getByText('chef@harbour.example')).toBeVisible();
    expect(puts(requests)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Harbour Street 1');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Aqaba');
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '29.53');
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '35.0');
    await user.click(create);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeVisible();
    expect(puts(requests)[0]).toEqual({
      outlet: {
        name: 'Harbour Street',
        address: 'Harbour Street 1',
        city: 'Aqaba',
        latitude: 29.53,
        longitude: 35,
        currency: 'JOD',
        locale: 'en',
        phone_number: '+962791234567',
      },
      add_user: ['chef@harbour.example'],
      delete_user: [],
    });
    expect(screen.getByRole('textbox', { name: 'Client vendor id' })).toHaveValue(BRANCH);

    // Existing: an email is saved the moment it is added (blur adds too).
    await user.type(
      screen.getByRole('textbox', { name: 'Add a user email' }),
      'ops@harbour.example',
    );
    await user.tab();
    await waitFor(() => expect(puts(requests)).toHaveLength(2));
    expect(puts(requests)[1]).toMatchObject({ add_user: ['ops@harbour.example'], delete_user: [] });
    expect(await screen.findByText('ops@harbour.example')).toBeVisible();

    // Removing asks first, then saves at once.
    const chips = screen.getByRole('list', { name: 'User emails' });
    const chef = within(chips).getByText('chef@harbour.example').closest('.MuiChip-root')!;
    await user.click(chef.querySelector('.MuiChip-deleteIcon')!);
    const dialog = await screen.findByRole('dialog', { name: 'Remove user' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(3));
    expect(puts(requests)[2]).toMatchObject({
      add_user: [],
      delete_user: ['chef@harbour.example'],
    });
    await waitFor(() => expect(screen.queryByText('chef@harbour.example')).toBeNull());
  });

  it('checks E.164 and ISO 4217 before sending, and shows a refusal’s first error', async () => {
    const { requests } = fakeServer({
      [`GET ${BASE}/profile`]: ok(PROFILE),
      [`GET ${OUTLET_URL}`]: () =>
        Response.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 }),
      [`PUT ${OUTLET_URL}`]: () =>
        Response.json(
          {
            error: {
              code: 'outlet_rejected',
              message: 'Address is outside the delivery coverage',
            },
          },
          { status: 400 },
        ),
    });
    const user = userEvent.setup();
    renderPage();
    const create = await screen.findByRole('button', {
      name: 'Create New Talabat Outlet With Default Settings',
    });
    const phone = screen.getByRole('textbox', { name: /Phone number/ });
    await user.clear(phone);
    await user.type(phone, '0791234567');
    const currency = screen.getByRole('textbox', { name: /Currency/ });
    await user.clear(currency);
    await user.type(currency, 'XYZ');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Far away');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Aqaba');
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '29.5');
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '35');
    await user.click(create);
    expect(
      await screen.findByText('Enter an international number in E.164 form, e.g. +962791234567'),
    ).toBeVisible();
    expect(screen.getByText('Enter an ISO 4217 currency code, e.g. JOD')).toBeVisible();
    expect(puts(requests)).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '+962 79 123 4567');
    await user.clear(currency);
    await user.type(currency, 'jod');
    await user.click(create);
    expect(
      await screen.findByText('Error, Address is outside the delivery coverage'),
    ).toBeVisible();
    expect(puts(requests)[0]!.outlet).toMatchObject({
      phone_number: '+962791234567',
      currency: 'JOD',
    });
  });
});
