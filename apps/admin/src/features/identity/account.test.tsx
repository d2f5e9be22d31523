import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { EmailVerificationStatus } from '@app/contracts';
import { fakeServer } from '../../test/fake-server.ts';
import { renderWithApp, sessionFor, TEST_TENANT } from '../../test/app-render.tsx';
import { SIGNED_OUT } from '../../lib/session.tsx';
import { configureApiClient } from '../../lib/api-client.ts';
import { bannerFor, daysLeft, EmailBanners } from './components/email-banners.tsx';
import { OutletSignupPage } from './routes/outlet-signup-page.tsx';

beforeEach(() => {
  configureApiClient({
    getAccessToken: () => Promise.resolve('test-token'),
    onUnauthorized: () => undefined,
    onForbidden: () => undefined,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const noTenant = sessionFor('StoreOwner', { tenantId: null, tenants: [], profile: null });
const SIGNUP = 'POST /api/admin/signup/outlet';

function renderSignup(session = noTenant) {
  return renderWithApp(
    <Routes>
      <Route path="/signup/outlet-signup-profile" element={<OutletSignupPage />} />
      <Route path="/admin/dashboard/main-dashboard" element={<h1>Dashboard</h1>} />
    </Routes>,
    { session, path: '/signup/outlet-signup-profile' },
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>, name: string, phone: string) {
  await user.click(screen.getByRole('combobox', { name: /Country/ }));
  await user.click(await screen.findByRole('option', { name: 'Jordan' }));
  await user.type(screen.getByRole('textbox', { name: /Outlet name/ }), name);
  await user.type(screen.getByRole('textbox', { name: /Phone number/ }), phone);
}

// Typing in a browser-like DOM on a shared machine takes a few seconds per test.
describe('outlet sign-up page', { timeout: 30_000 }, () => {
  it('asks a visitor to create an account first', () => {
    renderSignup(SIGNED_OUT);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign up your outlet' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create an account or sign in' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /Outlet name/ })).not.toBeInTheDocument();
  });

  it('checks the rules at each field before anything is sent', async () => {
    const { requests } = fakeServer({});
    const user = userEvent.setup();
    renderSignup();
    expect(screen.getByText(/30-day free trial starts today/)).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /Outlet name/ }), 'Café 1');
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '12');
    await user.click(screen.getByRole('button', { name: 'Create my outlet' }));
    expect(
      await screen.findByText('Use Latin letters and hyphens only, a hyphen between letters'),
    ).toBeVisible();
    expect(screen.getByText('Please enter a valid phone number')).toBeVisible();
    expect(screen.getByText('This field is required')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Outlet name/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('sends the phone in E.164 read in the country, then opens the new outlet', async () => {
    const { requests } = fakeServer({
      [SIGNUP]: () =>
        Response.json(
          {
            results: {
              tenantId: TEST_TENANT.tenantId,
              branchId: '7d1c0f0e-0c4e-4a57-9d43-3b7f0c1a2b3c',
              slug: 'falafel-house',
              trialEndsAt: '2026-03-01T00:00:00.000Z',
            },
          },
          { status: 201 },
        ),
    });
    const user = userEvent.setup();
    renderSignup();
    await fill(user, 'Falafel-House', '079 123 4567');
    expect(screen.getByText(/Your storefront: \/store\/falafel-house/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create my outlet' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const sent = requests.find((r) => r.method === 'POST');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      country: 'JO',
      outletName: 'Falafel-House',
      phoneNumber: '+962791234567',
      language: 'en',
    });
    expect(window.localStorage.getItem('tenantId')).toBe(TEST_TENANT.tenantId);
  });

  it("puts the server's outlet_name_taken on the name", async () => {
    fakeServer({
      [SIGNUP]: () =>
        Response.json(
          { errors: [{ field: 'outletName', codes: ['outlet_name_taken'] }] },
          { status: 422 },
        ),
    });
    const user = userEvent.setup();
    renderSignup();
    await fill(user, 'Al-Bayt', '+962791234567');
    await user.click(screen.getByRole('button', { name: 'Create my outlet' }));
    expect(
      await screen.findByText('This outlet name is already taken. Please choose another one.'),
    ).toBeVisible();
  });
});

const status = (over: Partial<EmailVerificationStatus>): EmailVerificationStatus => ({
  isVerified: false,
  isLegacyEmail: false,
  forceLegacyEmailMigrate: false,
  linkedLegacyEmail: null,
  email: 'user@example.com',
  pendingEmail: null,
  verificationDeadline: new Date(Date.now() + 3.5 * 86_400_000).toISOString(),
  ...over,
});
const BASE = `/api/admin/tenants/${TEST_TENANT.tenantId}/emailverification`;

describe('e-mail banners (§4.7)', { timeout: 30_000 }, () => {
  it('picks one of the banners, or none', () => {
    expect(bannerFor(status({}))).toBe('verify');
    expect(bannerFor(status({ isVerified: true }))).toBeNull();
    expect(bannerFor(status({ isLegacyEmail: true }))).toBeNull();
    expect(bannerFor(status({ isLegacyEmail: true, forceLegacyEmailMigrate: true }))).toBe(
      'update',
    );
    expect(bannerFor(status({ isLegacyEmail: true, linkedLegacyEmail: 'old@example.com' }))).toBe(
      'migrated',
    );
    expect(
      bannerFor(
        status({ isLegacyEmail: true, forceLegacyEmailMigrate: true, pendingEmail: 'n@x.com' }),
      ),
    ).toBe('pending');
    expect(daysLeft(new Date(Date.now() - 1000).toISOString())).toBe(0);
    expect(daysLeft(new Date(Date.now() + 6.2 * 86_400_000).toISOString())).toBe(7);
  });

  it('counts down and resends, then waits out the two minutes before offering it again', async () => {
    const { requests } = fakeServer({
      [`POST ${BASE}/send`]: () => Response.json({ results: { sentTo: 'user@example.com' } }),
    });
    const user = userEvent.setup();
    renderWithApp(<EmailBanners status={status({})} tenantId={TEST_TENANT.tenantId} />, {
      session: sessionFor('StoreOwner'),
    });
    expect(
      screen.getByText('Please verify your email address user@example.com. Days left: 4.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(
      await screen.findByText('A verification email is on its way to user@example.com.'),
    ).toBeVisible();
    // No second ask for a refusal: the button counts the two minutes down.
    const waiting = await screen.findByRole('button', { name: /^Resend in (2:00|1:5\d)$/ });
    expect(waiting).toBeDisabled();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('says the server\'s "just sent" and waits as long as it asks', async () => {
    // The page was reloaded after a send: the server refuses with its spec text and Retry-After.
    fakeServer({
      [`POST ${BASE}/send`]: () =>
        Response.json(
          {
            error: { code: 'email_just_sent', message: 'Email just sent please wait two minutes' },
          },
          { status: 400, headers: { 'retry-after': '95' } },
        ),
    });
    const user = userEvent.setup();
    renderWithApp(<EmailBanners status={status({})} tenantId={TEST_TENANT.tenantId} />, {
      session: sessionFor('StoreOwner'),
    });
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Email just sent please wait two minutes')).toBeVisible();
    const waiting = await screen.findByRole('button', { name: /^Resend in 1:3[45]$/ });
    expect(waiting).toBeDisabled();
    // And it counts down, a second at a time.
    const shown = waiting.textContent;
    await waitFor(() => expect(waiting.textContent).not.toBe(shown), { timeout: 2500 });
    expect(waiting).toHaveTextContent(/^Resend in 1:3[345]$/);
  });

  it('asks a forced legacy account for its new address through the dialog, then to open the link', async () => {
    const { requests } = fakeServer({
      [`POST ${BASE}/migrate`]: (request) =>
        JSON.parse(request.body ?? '{}').newEmail === 'taken@example.com'
          ? Response.json(
              // The server's own words, in English: the admin says the known code its way.
              { error: { code: 'email_in_use', message: 'email in use (server text)' } },
              { status: 400 },
            )
          : Response.json({ results: { success: true } }),
    });
    const user = userEvent.setup();
    renderWithApp(
      <EmailBanners
        status={status({ isLegacyEmail: true, forceLegacyEmailMigrate: true, email: 'old@legacy' })}
        tenantId={TEST_TENANT.tenantId}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Update email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update your email address' });
    const update = within(dialog).getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    await user.type(
      within(dialog).getByRole('textbox', { name: /New email address/ }),
      'taken@example',
    );
    expect(update).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /New email address/ }), '.com');
    expect(update).toBeEnabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Owner name/ }), 'Sa');
    await user.click(update);
    expect(await within(dialog).findByText('At least 3 characters')).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: /Owner name/ }), 'mi');
    await user.click(update);
    expect(await within(dialog).findByText('Another account uses this address')).toBeVisible();

    const email = within(dialog).getByRole('textbox', { name: /New email address/ });
    await user.clear(email);
    await user.type(email, 'sami@example.com');
    await user.click(update);
    // Nothing moved yet: the link sent to the new address moves the account when opened.
    const done = await screen.findByRole('dialog', { name: 'Check your inbox' });
    expect(within(done).getByText(/We sent a link to sami@example.com/)).toBeVisible();
    expect(within(done).queryByRole('link', { name: 'Log out' })).toBeNull();
    const bodies = requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body ?? ''));
    expect(bodies.at(-1)).toEqual({ name: 'Sami', newEmail: 'sami@example.com' });
  });

  it('says where the link went while it waits, resends it, and lets the address be changed', async () => {
    const { requests } = fakeServer({
      [`POST ${BASE}/send`]: () => Response.json({ results: { sentTo: 'new@example.com' } }),
    });
    const user = userEvent.setup();
    renderWithApp(
      <EmailBanners
        status={status({
          isVerified: true,
          isLegacyEmail: true,
          forceLegacyEmailMigrate: true,
          email: 'old@legacy',
          pendingEmail: 'new@example.com',
        })}
        tenantId={TEST_TENANT.tenantId}
      />,
    );
    expect(
      screen.getByText(
        'We sent a link to new@example.com. Open it to sign in with that address from then on; until then you sign in with old@legacy.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(
      await screen.findByText('A verification email is on its way to new@example.com.'),
    ).toBeVisible();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Change address' }));
    expect(await screen.findByRole('dialog', { name: 'Update your email address' })).toBeVisible();
  });

  it('asks a moved account to log out and use the new address', () => {
    renderWithApp(
      <EmailBanners
        status={status({
          isLegacyEmail: true,
          linkedLegacyEmail: 'old@legacy',
          email: 'new@example.com',
        })}
        tenantId={TEST_TENANT.tenantId}
      />,
    );
    expect(screen.getByText(/now uses new@example.com instead of old@legacy/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/auth/logout');
  });
});
