import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  CartData,
  PublicMenu,
  PublicQuote,
  PublicStorefront,
  QuoteBody,
} from '@app/contracts';
import { lineOf, type MenuItem } from '../lib/cart.ts';
import { I18nProvider } from '../lib/i18n.tsx';
import { placedTicket } from '../../../../tools/testing/ticket.ts';
import { CheckoutView } from './checkout-view.tsx';

const text = (en: string, ar = en) => ({ fieldValue: en, en, ar });
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TENANT = id(100);
const BRANCH = id(101);
const LINK = id(102);

const grill: MenuItem = {
  id: id(1),
  localizedTitle: text('Mixed grill', 'مشاوي مشكلة'),
  localizedDesc: null,
  thumbnail: null,
  enableSpecialRequest: false,
  variants: [{ id: id(2), localizedTitle: text('For two'), price: 15, soldOut: false }],
  modifierGroups: [],
  soldOut: false,
  backAt: null,
};
const menu: PublicMenu = {
  tenantId: TENANT,
  branchId: BRANCH,
  checkoutTemplate: 'PICKUP',
  currency: 'JOD',
  branchOperatingStatus: { closed: false, acceptingOrders: true, busy: false },
  paymentMethods: ['CASH'],
  openNow: true,
  nextOpeningTime: null,
  phoneCountry: 'JO',
  sections: [{ id: id(90), localizedTitle: text('Grills'), parentTitles: [], items: [grill] }],
  deliveryZones: [],
  serviceAreas: [],
};
const branch = {
  branchId: BRANCH,
  branchName: text('Abdoun', 'عبدون'),
  timeZone: 'Asia/Amman',
  checkoutTemplates: ['PICKUP' as const],
  branchOperatingStatus: menu.branchOperatingStatus,
};
const store: PublicStorefront = {
  tenantId: TENANT,
  slug: 'al-bayt',
  localizedName: text('Al Bayt Kitchen'),
  defaultCurrency: 'JOD',
  theme: { primaryHex: '#1d5b94' },
  logoUrl: null,
  payments: null,
  branches: [branch],
};

/** Two grills for two, 30.000 with 10 % added tax: 33.000 before any discount. */
function cartData(discount: { code: string; value: number } | null): CartData {
  const off = discount?.value ?? 0;
  return {
    cartItems: [
      {
        itemId: grill.id,
        variantId: id(2),
        quantity: 2,
        localizedTitle: grill.localizedTitle,
        localizedDesc: null,
        price: 15,
        total: 30,
        totalForDisplay: 33,
        specialRequest: null,
        variant: {
          id: id(2),
          localizedTitle: text('For two'),
          price: 15,
          basePrice: 15,
          appliedPriceAdjustmentId: null,
        },
        itemModifiers: [],
        taxes: [
          { taxId: id(3), taxType: 'ADDITIVE', percentage: 10, localizedTitle: null, taxAmount: 3 },
        ],
        taxAmount: 3,
      },
    ],
    currency: 'JOD',
    itemsTotal: 30,
    itemsTotalForDisplay: 33,
    inclusiveTaxTotal: 0,
    additiveTaxTotal: 3,
    deliveryTotal: 0,
    serviceChargeTotal: 0,
    discountDetails: {
      discountCode: discount?.code ?? null,
      discountType: discount ? 'PERCENTAGE' : null,
      appliedDiscountValue: off,
    },
    deliveryFeesDetails: { taxes: [], taxAmount: 0, totalForDisplay: 0 },
    serviceChargeFeesDetails: { taxes: [], taxAmount: 0, totalForDisplay: 0 },
    deliveryFeesUnDefined: false,
    total: 33 - off,
  };
}

/** The server's price preview: WELCOME10 takes 3.000 off; any other code is unknown. */
function quoteFor(body: QuoteBody): PublicQuote {
  if (body.discountCode === 'WELCOME10')
    return {
      cartData: cartData({ code: 'WELCOME10', value: 3 }),
      discount: {
        localizedName: text('Welcome 10%', 'ترحيب 10%'),
        discountCode: 'WELCOME10',
        discountApplication: 'HIDDEN_CODE',
        discountType: 'PERCENTAGE',
        appliedDiscountValue: 3,
      },
      discountCodeRefusal: null,
    };
  return {
    cartData: cartData(null),
    discount: null,
    discountCodeRefusal: body.discountCode ? 'discount_code_invalid' : null,
  };
}

type Sent = { method: string; path: string; body: unknown };
function fakeServer(
  order: () => Response = () =>
    Response.json({ results: placedTicket({ id: id(500) }) }, { status: 201 }),
  quote: (body: QuoteBody) => Response = (body) => Response.json({ results: quoteFor(body) }),
) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      sent.push({ method: init?.method ?? 'GET', path, body });
      if (path === `/api/public/tenants/${TENANT}/branches/${BRANCH}/tickets/quote`)
        return quote(body as QuoteBody);
      if (path === `/api/public/tenants/${TENANT}/branches/${BRANCH}/tickets`) return order();
      return Response.json({ error: { code: 'not_found' } }, { status: 404 });
    }),
  );
  return sent;
}

function renderCheckout(onPlaced = vi.fn()) {
  const cart = {
    lines: [lineOf(grill, id(2), {}, 2)],
    add: vi.fn(),
    setQuantity: vi.fn(),
    clear: vi.fn(),
  };
  render(
    <I18nProvider>
      <CheckoutView
        store={store}
        branch={branch}
        template="PICKUP"
        uniqueLinkId={LINK}
        menu={menu}
        cart={cart}
        checkout
        menuPath="/al-bayt/x/pickup"
        checkoutPath="/al-bayt/x/pickup/checkout"
        onBack={vi.fn()}
        onPlaced={onPlaced}
      />
    </I18nProvider>,
  );
  return { cart, onPlaced };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const totalRow = (name: RegExp) =>
  screen
    .getByText(name, { selector: 'dt' })
    .parentElement!.querySelector('dd')!
    .textContent!.replace(/\s/g, ' ');

describe('the checkout’s promo code', () => {
  it('applies a code the server accepts, shows what it takes off, and orders with it', async () => {
    const sent = fakeServer();
    const user = userEvent.setup();
    const { onPlaced } = renderCheckout();
    // The server's totals replace the estimate: the added tax shows.
    await waitFor(() => expect(totalRow(/^Tax 10%$/)).toBe('JOD 3.000'));
    expect(totalRow(/^Subtotal$/)).toBe('JOD 30.000');
    expect(totalRow(/^Total$/)).toBe('JOD 33.000');

    await user.type(screen.getByLabelText('Promo code'), 'welcome10{Enter}');
    // Enter applied the code; it did not place the order.
    expect(sent.filter((r) => r.path.endsWith('/tickets'))).toHaveLength(0);
    expect(await screen.findByText(/^Welcome 10% applied: JOD\s3\.000 off$/)).toBeVisible();
    expect(totalRow(/^Discount: Welcome 10%$/)).toBe('-JOD 3.000');
    expect(totalRow(/^Total$/)).toBe('JOD 30.000');
    expect(sent.at(-1)).toMatchObject({ body: { discountCode: 'WELCOME10' } });

    await user.type(screen.getByLabelText('First name'), 'Rana');
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(id(500)));
    const order = sent.find((r) => r.path.endsWith('/tickets'))!;
    expect(order.body).toMatchObject({
      discountCode: 'WELCOME10',
      uniqueLinkId: LINK,
      checkoutTemplate: 'PICKUP',
    });
  });

  it('says why a code is refused, and orders only once the customer removes it', async () => {
    const sent = fakeServer();
    const user = userEvent.setup();
    const { onPlaced } = renderCheckout();
    await user.type(screen.getByLabelText('Promo code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This code is not valid.')).toBeVisible();
    expect(screen.queryByText(/^Discount/)).toBeNull();

    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByText(/Some details are missing or wrong/)).toBeVisible();
    expect(sent.filter((r) => r.path.endsWith('/tickets'))).toHaveLength(0);
    expect(screen.getByLabelText('Promo code')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByLabelText('Promo code')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sent.find((r) => r.path.endsWith('/tickets'))!.body).toMatchObject({
      discountCode: null,
    });
  });

  it('says when too many codes were tried from here, and still orders without one', async () => {
    const tooMany = () =>
      Response.json(
        { error: { code: 'discount_code_tries_exceeded', message: 'Too many codes tried' } },
        { status: 429, headers: { 'retry-after': '540' } },
      );
    const sent = fakeServer(undefined, (body) =>
      body.discountCode ? tooMany() : Response.json({ results: quoteFor(body) }),
    );
    const user = userEvent.setup();
    const { onPlaced } = renderCheckout();
    await user.type(screen.getByLabelText('Promo code'), 'GUESS11');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText(
        'Too many codes tried from here. Try again in a few minutes, or order without a code.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Promo code')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.type(screen.getByLabelText('First name'), 'Rana');
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sent.find((r) => r.path.endsWith('/tickets'))!.body).toMatchObject({
      discountCode: null,
    });
  });

  it('says so when the intake refuses the code or the link the order came through', async () => {
    fakeServer(() =>
      Response.json(
        {
          errors: [
            { field: 'uniqueLinkId', codes: ['unique_link_not_found'] },
            { field: 'discountCode', codes: ['discount_usage_limit_reached'] },
          ],
        },
        { status: 422 },
      ),
    );
    const user = userEvent.setup();
    const { onPlaced } = renderCheckout();
    await user.type(screen.getByLabelText('Promo code'), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('This link is not valid any more.')).toBeVisible();
    expect(screen.getByText('This code has been used up.')).toBeVisible();
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('speaks Arabic, right to left', async () => {
    localStorage.setItem('storefront.lang', 'ar');
    fakeServer();
    const user = userEvent.setup();
    renderCheckout();
    await act(async () => {});
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await user.type(screen.getByLabelText('رمز الخصم'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'تطبيق' }));
    expect(await screen.findByText('هذا الرمز غير صالح.')).toBeVisible();
    await user.clear(screen.getByLabelText('رمز الخصم'));
    await user.type(screen.getByLabelText('رمز الخصم'), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'تطبيق' }));
    expect(await screen.findByText(/تم تطبيق ترحيب 10%/)).toBeVisible();
  });
});

describe('an order placed again', () => {
  it('asks before placing the same lines a second time within minutes', async () => {
    const sent = fakeServer();
    const user = userEvent.setup();
    const first = renderCheckout();
    await user.type(screen.getByLabelText('First name'), 'Rana');
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(first.onPlaced).toHaveBeenCalledWith(id(500)));
    expect(first.cart.clear).toHaveBeenCalled();
    cleanup();

    // The customer comes back with the same lines (a second tap, a reopened link).
    const second = renderCheckout();
    await user.type(screen.getByLabelText('First name'), 'Rana');
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    const number = placedTicket({ id: id(500) }).ticketNumber;
    expect(
      await screen.findByText(`You ordered this a moment ago (order ${number}). Place it again?`),
    ).toHaveAttribute('role', 'alert');
    const orders = () => sent.filter((r) => r.method === 'POST' && r.path.endsWith('/tickets'));
    expect(orders()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /Yes, order again/ }));
    await waitFor(() => expect(second.onPlaced).toHaveBeenCalled());
    expect(orders()).toHaveLength(2);
  });
});

describe("the customer's phone", () => {
  it('takes the local way of writing it, and says at once when it is no number', async () => {
    const sent = fakeServer();
    const user = userEvent.setup();
    const { onPlaced } = renderCheckout();
    const phone = screen.getByLabelText('Mobile number');
    await user.type(phone, '12');
    await user.tab();
    // Said as the customer leaves the field, before any Place order.
    expect(
      await screen.findByText('Enter a mobile number, such as 0791234567 or +962791234567'),
    ).toBeVisible();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await user.clear(phone);
    await user.type(phone, '079 123 4567');
    expect(phone).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText('First name'), 'Rana');
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sent.find((r) => r.path.endsWith('/tickets'))!.body).toMatchObject({
      phoneNumber: '079 123 4567',
    });
  });
});
