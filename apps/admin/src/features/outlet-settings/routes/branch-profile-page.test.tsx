import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { BranchPaymentMethods, PaymentTemplate, StoreHoursDay } from '@app/contracts';
import { fakeServer, ok, type FakeRequest } from '../../../test/fake-server.ts';
import { TEST_TENANT } from '../../../test/app-render.tsx';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { testBranchProfile } from '../../../test/branch-profile.ts';
import { HARBOUR } from '../test/render.tsx';
import { BranchProfilePage } from './branch-profile-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const BASE = `/api/admin/tenants/${TEST_TENANT.tenantId}/branches/${HARBOUR}/settings`;

const PROFILE = testBranchProfile({
  branchId: HARBOUR,
  checkoutTemplates: ['DELIVERY', 'PICKUP', 'DINING'],
  orderingLinks: { DELIVERY: 'http://x/store/t/b/delivery', PICKUP: 'http://x/store/t/b/pickup' },
});

const methods = (template: PaymentTemplate): BranchPaymentMethods => ({
  checkoutTemplate: template,
  serviceAreaId: null,
  paymentMethods: [
    { paymentMethodType: 'CASH', active: true, approved: true },
    { paymentMethodType: 'CREDIT_CARD_OFFLINE', active: false, approved: true },
    { paymentMethodType: 'CREDIT_CARD_ONLINE', active: false, approved: true },
  ],
});

const allDay = { openHour: 0, openMinute: 0, closeHour: 23, closeMinute: 59 };
const slot = (o: number, c: number) => ({
  openHour: o,
  openMinute: 0,
  closeHour: c,
  closeMinute: 0,
});

/** A settings server that keeps the hours it is sent, like the real one. */
function settingsServer(opts: { refuseMethods?: boolean; refuseTemplates?: boolean } = {}) {
  let week: StoreHoursDay[] = Array.from({ length: 7 }, (_, day) => ({
    day,
    checkoutTemplate: 'PICKUP',
    dayClosed: false,
    hours: [allDay],
  }));
  return fakeServer({
    [`GET ${BASE}/profile`]: ok(PROFILE),
    [`GET ${BASE}/paymentmethods/DELIVERY`]: ok(methods('DELIVERY')),
    [`GET ${BASE}/paymentmethods/PICKUP`]: ok(methods('PICKUP')),
    [`PUT ${BASE}/paymentmethods/DELIVERY`]: () =>
      opts.refuseMethods
        ? Response.json(
            {
              errors: [{ field: 'paymentMethods', codes: ['atleast_one_paymentmethod_required'] }],
            },
            { status: 422 },
          )
        : ok(methods('DELIVERY'))(),
    [`PUT ${BASE}/checkoutTemplates`]: () =>
      opts.refuseTemplates
        ? Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 })
        : ok({ branchId: HARBOUR, checkoutTemplates: ['DELIVERY', 'DINING'] })(),
    [`GET ${BASE}/operatinghours`]: () => ok(week)(),
    [`PUT ${BASE}/operatinghours`]: (req: FakeRequest) => {
      const sent = JSON.parse(req.body ?? '[]') as StoreHoursDay[];
      const bad = sent.find((d) => d.hours.length > 1 && d.hours.some((h) => h.openHour === 0));
      if (bad)
        return Response.json(
          { errors: [{ field: '0.hours.1.openHour', codes: ['operating_hour_intersection'] }] },
          { status: 422 },
        );
      week = week.map((d) => sent.find((s) => s.day === d.day) ?? d);
      return ok(week)();
    },
  });
}

function renderProfile() {
  return renderCatalog(
    <Routes>
      <Route path="/admin/settings/profile/:id" element={<BranchProfilePage />} />
      <Route
        path="/admin/settings/profile/:id/serviceareas"
        element={<h1>Tables and QR codes</h1>}
      />
    </Routes>,
    { path: `/admin/settings/profile/${HARBOUR}` },
  );
}

const putsTo = (requests: FakeRequest[], end: string) =>
  requests
    .filter((r) => r.method === 'PUT' && r.url.pathname.endsWith(end))
    .map((r) => JSON.parse(r.body ?? 'null') as unknown);

describe('the branch profile', { timeout: 20_000 }, () => {
  it('refuses an invalid phone number before sending it', async () => {
    const { requests } = settingsServer();
    const user = userEvent.setup();
    renderProfile();
    const phone = await screen.findByLabelText(/Phone number/);
    await user.clear(phone);
    await user.type(phone, '+962 12');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText(/Invalid phone number/)).toBeVisible();
    expect(putsTo(requests, '/settings/profile')).toEqual([]);
  });

  it('puts a refused payment method back and says why', async () => {
    settingsServer({ refuseMethods: true });
    const user = userEvent.setup();
    renderProfile();
    const cash = await screen.findByRole('switch', { name: 'Cash' });
    expect(cash).toBeChecked();
    await user.click(cash);
    expect(await screen.findByText('At least one payment method is required')).toBeVisible();
    await waitFor(() => expect(cash).toBeChecked());
    expect(screen.getByText(/Online card charges: 1.5% \+ JOD 0.100/)).toBeVisible();
  });

  it('puts the template switch back when the save fails', async () => {
    settingsServer({ refuseTemplates: true });
    const user = userEvent.setup();
    renderProfile();
    const delivery = await screen.findByRole('switch', { name: 'Accept Delivery orders' });
    await user.click(delivery);
    expect(await screen.findByText('Unable to save. Please try again.')).toBeVisible();
    await waitFor(() => expect(delivery).toBeChecked());
  });

  it('edits, checks and copies opening hours in the side panel', { timeout: 30_000 }, async () => {
    const { requests } = settingsServer();
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('tab', { name: 'Pickup' }));
    await user.click(screen.getByRole('button', { name: 'Edit opening hours' }));
    const panel = await screen.findByRole('dialog', { name: 'Pickup opening hours' });
    const monday = within(panel).getByRole('group', { name: 'Monday' });

    const pick = async (open: number, close: number) => {
      const picker = screen.getByRole('dialog', { name: 'Opening hours on Monday' });
      // Each select's label sits above it, not over its empty choice ("--").
      const labels = [...picker.querySelectorAll('label')];
      expect(labels).toHaveLength(4);
      for (const label of labels) expect(label).toHaveAttribute('data-shrink', 'true');
      await user.selectOptions(within(picker).getByLabelText('Opening hour'), String(open));
      await user.selectOptions(within(picker).getByLabelText('Opening minute'), '0');
      await user.selectOptions(within(picker).getByLabelText('Closing hour'), String(close));
      await user.selectOptions(within(picker).getByLabelText('Closing minute'), '0');
      await user.click(within(picker).getByRole('button', { name: 'Save' }));
      return picker;
    };

    await user.click(within(monday).getByRole('button', { name: /^Edit hours 1 of Monday,/ }));
    await pick(10, 14);
    await waitFor(() =>
      expect(
        within(monday).getByRole('button', { name: /^Edit hours 1 of Monday,/ }),
      ).toHaveTextContent('10:00 – 14:00'),
    );
    expect(putsTo(requests, '/operatinghours')).toEqual([
      [{ day: 1, checkoutTemplate: 'PICKUP', dayClosed: false, hours: [slot(10, 14)] }],
    ]);

    // An overlap is caught before any request.
    await user.click(within(monday).getByRole('button', { name: 'Add hours' }));
    await pick(13, 18);
    // The picker stays open with the rule it breaks.
    const picker = screen.getByRole('dialog', { name: 'Opening hours on Monday' });
    expect(await within(picker).findByRole('alert')).toHaveTextContent(
      'This time range intersects with another time range',
    );

    expect(putsTo(requests, '/operatinghours')).toHaveLength(1);
    await user.click(within(picker).getByRole('button', { name: 'Cancel' }));

    // Copying onto Tuesday's all-day slot replaces it with Monday's hours (never adds to it).
    const tuesday = within(panel).getByRole('group', { name: 'Tuesday' });
    await user.click(within(monday).getByRole('button', { name: 'Copy to next day (Tuesday)' }));
    await waitFor(() =>
      expect(
        within(tuesday).getByRole('button', { name: /^Edit hours 1 of Tuesday,/ }),
      ).toHaveTextContent('10:00 – 14:00'),
    );
    expect(
      within(tuesday).queryByRole('button', { name: /^Edit hours 2 of Tuesday,/ }),
    ).not.toBeInTheDocument();
    expect(putsTo(requests, '/operatinghours').slice(-1)).toEqual([
      [{ day: 2, checkoutTemplate: 'PICKUP', dayClosed: false, hours: [slot(10, 14)] }],
    ]);

    // A refusal names the day and the hours sent.
    await user.click(within(monday).getByRole('button', { name: 'Add hours' }));
    await pick(0, 5);
    expect(
      await screen.findByText(
        "Monday's hours could not be saved (10:00 – 14:00, 00:00 – 05:00): they overlap or are out of range.",
      ),
    ).toBeVisible();
    await user.click(
      within(screen.getByRole('dialog', { name: 'Opening hours on Monday' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    // Saturday has no next day to copy to.
    const saturday = within(panel).getByRole('group', { name: 'Saturday' });
    expect(within(saturday).queryByRole('button', { name: /Copy to/ })).not.toBeInTheDocument();
  });

  it('takes hours past midnight, the rest going to the next day; All day is the whole day', async () => {
    const { requests } = settingsServer();
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('tab', { name: 'Pickup' }));
    await user.click(screen.getByRole('button', { name: 'Edit opening hours' }));
    const panel = await screen.findByRole('dialog', { name: 'Pickup opening hours' });
    const friday = within(panel).getByRole('group', { name: 'Friday' });
    await user.click(within(friday).getByRole('button', { name: /^Edit hours 1 of Friday,/ }));
    const picker = screen.getByRole('dialog', { name: 'Opening hours on Friday' });
    await user.selectOptions(within(picker).getByLabelText('Opening hour'), '18');
    await user.selectOptions(within(picker).getByLabelText('Opening minute'), '0');
    await user.selectOptions(within(picker).getByLabelText('Closing hour'), '2');
    await user.selectOptions(within(picker).getByLabelText('Closing minute'), '30');
    expect(within(picker).getByRole('status')).toHaveTextContent(
      'Closes after midnight: 00:00–02:30 is added to Saturday.',
    );
    await user.click(within(picker).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        within(friday).getByRole('button', { name: /^Edit hours 1 of Friday,/ }),
      ).toHaveTextContent('18:00 – 23:59'),
    );
    // One save of both days: Friday to 23:59 (through midnight); Saturday was open from 00:00
    // already, so it keeps its hours.
    expect(putsTo(requests, '/operatinghours')).toEqual([
      [
        {
          day: 5,
          checkoutTemplate: 'PICKUP',
          dayClosed: false,
          hours: [{ openHour: 18, openMinute: 0, closeHour: 23, closeMinute: 59 }],
        },
        { day: 6, checkoutTemplate: 'PICKUP', dayClosed: false, hours: [allDay] },
      ],
    ]);

    // "All day" fills the whole day.
    await user.click(within(friday).getByRole('button', { name: /^Edit hours 1 of Friday,/ }));
    const again = screen.getByRole('dialog', { name: 'Opening hours on Friday' });
    await user.click(within(again).getByRole('button', { name: 'All day (00:00–23:59)' }));
    expect(within(again).getByLabelText('Opening hour')).toHaveValue('0');
    expect(within(again).getByLabelText('Closing hour')).toHaveValue('23');
    expect(within(again).getByLabelText('Closing minute')).toHaveValue('59');
  });

  it('opens the service areas after four clicks on the Dine-In label', async () => {
    settingsServer();
    const user = userEvent.setup();
    renderProfile();
    const dineIn = await screen.findByRole('tab', { name: 'Dine-In' });
    for (let i = 0; i < 4; i++) await user.click(dineIn);
    expect(await screen.findByRole('heading', { name: 'Tables and QR codes' })).toBeVisible();
  });

  it('opens the tables and QR codes from a visible button too', async () => {
    settingsServer();
    const user = userEvent.setup();
    renderProfile();
    const button = await screen.findByRole('link', { name: 'Tables and QR codes' });
    expect(button).toHaveAccessibleDescription(
      'Tables, sections and the QR codes guests scan to order.',
    );
    await user.click(button);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tables and QR codes' }),
    ).toBeVisible();
  });
});
