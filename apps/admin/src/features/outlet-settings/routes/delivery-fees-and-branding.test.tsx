import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { brandColourWarnings, type Branding, type BranchDeliveryZone } from '@app/contracts';
import { fakeServer, ok, type FakeRequest } from '../../../test/fake-server.ts';
import { TEST_TENANT } from '../../../test/app-render.tsx';
import { renderCatalog } from '../../../test/render-feature.tsx';
import { HARBOUR } from '../test/render.tsx';
import { BrandingPage } from './branding-page.tsx';
import { DeliveryFeesPage } from './delivery-fees-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const TENANT = `/api/admin/tenants/${TEST_TENANT.tenantId}`;
const BASE = `${TENANT}/branches/${HARBOUR}/settings`;
const ZONE = '55555555-5555-4555-8555-555555555555';
const ZONES: BranchDeliveryZone[] = [
  {
    deliveryZoneId: ZONE,
    deliveryZoneLocalizedTitle: { fieldValue: 'Khalda', en: 'Khalda', ar: 'خلدا' },
    active: true,
    deliveryFee: 2.5,
  },
];
const BRANDING: Branding = {
  tenantId: TEST_TENANT.tenantId,
  localizedName: { fieldValue: 'Test Tavern', en: 'Test Tavern' },
  defaultCurrency: 'JOD',
  view_ShowSection: true,
  theme: { primaryHex: '#1976d2' },
  bannerImageUrl: null,
  landingImageUrl: null,
  logoUrl: null,
  logoWhiteUrl: null,
};
const puts = (requests: FakeRequest[]) =>
  requests.filter((r) => r.method === 'PUT').map((r) => JSON.parse(r.body ?? 'null') as unknown);

describe('delivery fees', { timeout: 20_000 }, () => {
  it('checks the fee, saves it and says so with the zone name', async () => {
    const { requests } = fakeServer({
      [`GET ${BASE}/profile`]: () =>
        Response.json({ error: { code: 'x', message: 'x' } }, { status: 500 }),
      [`GET ${BASE}/deliveryZones`]: ok(ZONES),
      [`PUT ${BASE}/deliveryZones/${ZONE}`]: (req) =>
        ok({ ...ZONES[0], deliveryFee: Number(JSON.parse(req.body ?? '{}').deliveryFee) })(),
    });
    const user = userEvent.setup();
    renderCatalog(
      <Routes>
        <Route path="/admin/settings/profile/:id/deliveryFees" element={<DeliveryFeesPage />} />
      </Routes>,
      { path: `/admin/settings/profile/${HARBOUR}/deliveryFees` },
    );
    expect(await screen.findByRole('cell', { name: 'خلدا' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Set the fee of Khalda,/ }));
    const dialog = screen.getByRole('dialog', { name: 'Set delivery fee for Khalda' });
    const field = within(dialog).getByLabelText('Delivery fee');
    for (const [bad, message] of [
      ['05', /without a leading zero/],
      ['100001', /from 0 to 100,000/],
      ['', /Required/],
    ] as const) {
      await user.clear(field);
      if (bad) await user.type(field, bad);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText(message)).toBeVisible();
    }
    expect(puts(requests)).toEqual([]);
    await user.clear(field);
    await user.type(field, '3.25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Khalda fee changed successfully')).toBeVisible();
    expect(puts(requests)).toEqual([
      { deliveryZoneId: ZONE, active: true, deliveryFee: '3.250', title: 'Khalda' },
    ]);
  });
});

/** The server's answer: the branding with the colour, and the contrast warnings of contracts. */
const themeSaved = (req: FakeRequest) => {
  const theme = JSON.parse(req.body ?? '{}') as { primaryHex: string };
  return ok({ ...BRANDING, theme, warnings: brandColourWarnings(theme.primaryHex) })();
};

/** The branding page against a server that keeps the colour it is sent. */
async function openBranding() {
  const { requests } = fakeServer({
    [`GET ${TENANT}/settings/branding`]: ok(BRANDING),
    [`PUT ${TENANT}/settings/theme`]: themeSaved,
  });
  const user = userEvent.setup();
  renderCatalog(<BrandingPage />);
  const bar = await screen.findByTestId('brand-preview-bar');
  return { requests, user, bar };
}

describe('branding', { timeout: 20_000 }, () => {
  it('applies a swatch to the preview only once saved, and refuses a bad hex', async () => {
    const { requests, user, bar } = await openBranding();
    await user.click(screen.getByRole('radio', { name: '#388e3c' }));
    expect(screen.getByRole('radio', { name: '#388e3c' })).toHaveAttribute('aria-checked', 'true');
    await user.type(screen.getByLabelText('Custom colour (hex)'), '#12345');
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    expect(screen.getByText('Please enter a valid hex color code.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Apply colour' }));
    await waitFor(() => expect(bar).toHaveStyle({ backgroundColor: '#388e3c' }));
    expect(puts(requests)).toEqual([{ primaryHex: '#388e3c' }]);
  });

  it('warns after saving a colour white text cannot be read on, and offers a darker shade', async () => {
    const { requests, user, bar } = await openBranding();
    // The default blue reads with white text: no warning, white text in the preview.
    expect(screen.getByTestId('brand-text-contrast')).toHaveTextContent(
      'Text on this colour: white, contrast 4.6:1',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '#f9a825' }));
    await user.click(screen.getByRole('button', { name: 'Apply colour' }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(
      'White text on #f9a825 reads at only 1.97:1, under the 4.5:1 that text needs to be readable (WCAG AA). The storefront shows black text on it instead (10.65:1).',
    );
    // The preview shows what the storefront does: black text on the yellow.
    expect(bar).toHaveStyle({ backgroundColor: '#f9a825', color: '#000000' });

    await user.click(within(warning).getByRole('button', { name: 'Use the darker shade #a06c18' }));
    expect(screen.getByRole('radio', { name: '#a06c18' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('button', { name: 'Apply colour' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(bar).toHaveStyle({ backgroundColor: '#a06c18', color: '#ffffff' });
    expect(puts(requests)).toEqual([{ primaryHex: '#f9a825' }, { primaryHex: '#a06c18' }]);
  });

  it('puts the store view back and explains a refusal', async () => {
    fakeServer({
      [`GET ${TENANT}/settings/branding`]: ok(BRANDING),
      [`PUT ${TENANT}/settings/viewproperties`]: () =>
        Response.json(
          { errors: [{ field: 'view_ShowSection', codes: ['view_multiple_sections'] }] },
          { status: 422 },
        ),
    });
    const user = userEvent.setup();
    renderCatalog(<BrandingPage />);
    const delivery = await screen.findByRole('radio', { name: 'Delivery focused' });
    await user.click(delivery);
    expect(await screen.findByText(/several main sections/)).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Dine-in focused (QR code menu)' })).toBeChecked();
  });
});
