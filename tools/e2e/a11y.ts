import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { results } from './api.ts';
import { signInAt } from './auth.ts';
import { cartLine, orderableItems, type MenuItem } from './orders.ts';

export { accessToken } from './auth.ts';
export { results } from './api.ts';

/** The languages the apps speak. */
export type Lang = 'en' | 'ar' | 'es';

/** Accessibility checks shared by the admin's and the storefront's axe and keyboard specs. */

export const LANGS = ['en', 'ar'] as const satisfies readonly Lang[];
export const SIZES = [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'narrow', width: 390, height: 844 },
] as const;
export type Size = (typeof SIZES)[number];

export interface AxeOutcome {
  serious: string[];
  lesser: string[];
}

/** Runs axe on the page as it is now: WCAG 2.x A/AA and best practices, plus the label/name rule. */
export async function axe(page: Page, within?: string): Promise<AxeOutcome> {
  const started = Date.now();
  let builder = new AxeBuilder({ page });
  if (within) builder = builder.include(within);
  const results = await builder
    // Experimental in axe, but the one that caught a visible label not in the accessible name.
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      // Only what fails: axe skips collecting the passes, which halves its time.
      resultTypes: ['violations'],
    })
    .analyze();
  const line = (v: (typeof results.violations)[number]) =>
    `${v.id} (${v.impact}): ${v.help} — ${v.nodes
      .slice(0, 4)
      .map(
        (n) =>
          `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`,
      )
      .join(' | ')}`;
  const isSerious = (impact: string | null | undefined) =>
    impact === 'serious' || impact === 'critical';
  if (process.env.A11Y_TIMING) console.log(`axe ${Date.now() - started} ms ${page.url()}`);
  return {
    serious: results.violations.filter((v) => isSerious(v.impact)).map(line),
    lesser: results.violations.filter((v) => !isSerious(v.impact)).map((v) => v.id),
  };
}

/**
 * A serious or critical violation fails; the moderate and minor ones are noted on the test.
 * `within`: a selector to check alone (an open dialog, the page behind it checked already).
 */
export async function expectAccessible(
  page: Page,
  what: string,
  testInfo: TestInfo,
  within?: string,
) {
  const outcome = await axe(page, within);
  if (outcome.lesser.length > 0)
    testInfo.annotations.push({ type: 'axe-moderate', description: `${what}: ${outcome.lesser}` });
  expect(outcome.serious, `serious accessibility violations on ${what}`).toEqual([]);
}

/** Follows an in-app path without a reload (the router listens to popstate). */
export async function goInApp(page: Page, url: string) {
  const moved = await page.evaluate((to) => {
    const from = `${location.pathname}${location.search}`;
    if (from === to) return null;
    // The page's headings are marked as left: the next page's own heading tells it has come
    // (a heading of its own, or of a form opening beside a list that keeps its title). React
    // may keep a heading element and change its text: a text not seen before tells it too.
    const before = [...document.querySelectorAll('h1, h2')].map((h) => h.textContent ?? '');
    for (const h of document.querySelectorAll('h1, h2')) h.setAttribute('data-left', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return { up: from.startsWith(`${to}/`), before };
  }, url);
  if (!moved) return;
  // Up from a form to the list beside it: the list was there already and keeps its title.
  if (moved.up) {
    await expect(page.locator('h1').first()).toBeVisible();
    return;
  }
  await expect
    .poll(
      () =>
        page.evaluate((before) => {
          return [...document.querySelectorAll('h1, h2')].some(
            (h) =>
              (h as HTMLElement).offsetParent !== null &&
              (!h.hasAttribute('data-left') || !before.includes(h.textContent ?? '')),
          );
        }, moved.before),
      { message: `a heading of ${url}`, timeout: 10_000 },
    )
    .toBe(true);
}

/** Waits for the transitions under way (MUI's enter and exit); a spinner's endless one is no wait. */
export async function transitionsDone(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const finite = document.getAnimations().filter((a) => {
      const end = a.effect?.getComputedTiming().endTime;
      return typeof end === 'number' && Number.isFinite(end);
    });
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * What is still loading: shown spinners and bars without a value (a progress bar with one, such
 * as the dashboard's setup checklist, is content; a hidden one is nothing).
 */
export const loading = (page: Page) =>
  page.getByRole('progressbar').and(page.locator(':not([aria-valuenow])'));

/** Waits until the page has a heading and nothing is loading or sliding in. */
export async function settle(page: Page) {
  await expect(page.locator('h1, h2').first()).toBeVisible();
  await expect(loading(page)).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await transitionsDone(page);
}

/** A tab signed in through the provider's page, in the given language and size. */
export async function signedInTab(
  browser: Browser,
  email: string,
  lang: Lang,
  size: Size,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
  });
  const page = await context.newPage();
  await signInAt(page, '/auth/login', email);
  // Sign-in applies the tenant's language; the stored choice wins from the next load on.
  await page.evaluate((l) => window.localStorage.setItem('lang', l), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  return page;
}

export interface DemoBranch {
  branchId: string;
  branchName: { fieldValue: string };
  branchOperatingStatus: { closed: boolean; acceptingOrders: boolean; busy: boolean };
}

/** The demo tenant Al Bayt Kitchen and its branch Abdoun, from the public storefront. */
export async function demoWorld(request: APIRequestContext) {
  const store = await results<{ tenantId: string; branches: DemoBranch[] }>(
    request,
    '/api/public/storefronts/al-bayt',
  );
  const branch = store.branches.find((b) => b.branchName.fieldValue === 'Abdoun');
  if (!branch) throw new Error('the demo tenant has Abdoun');
  return { tenantId: store.tenantId, branch };
}

/**
 * A pickup order of one item through the public intake, with the outlet opened for it by
 * `token`'s user if another spec left it closed (and put back as it was).
 */
export async function placePickupOrder(
  request: APIRequestContext,
  token: string,
  firstName = 'A11y',
): Promise<{ id: string; ticketNumber: number; tenantId: string }> {
  const { tenantId, branch } = await demoWorld(request);
  const base = `/api/public/tenants/${tenantId}/branches/${branch.branchId}`;
  const status = branch.branchOperatingStatus;
  const setStatus = (s: DemoBranch['branchOperatingStatus']) =>
    request.put(`/api/admin/tenants/${tenantId}/status/${branch.branchId}`, {
      headers: { authorization: `Bearer ${token}` },
      data: s,
    });
  const wasClosed = status.closed || !status.acceptingOrders;
  if (wasClosed)
    expect((await setStatus({ closed: false, acceptingOrders: true, busy: false })).ok()).toBe(
      true,
    );
  try {
    const menu = await results<{ sections: { items: MenuItem[] }[] }>(
      request,
      `${base}/menu?checkoutTemplate=PICKUP`,
    );
    const item = orderableItems(menu)[0]!;
    const res = await request.post(`${base}/tickets`, {
      headers: { 'idempotency-key': `e2e-a11y-${randomUUID()}` },
      data: {
        checkoutTemplate: 'PICKUP',
        cartItems: [cartLine(item)],
        isFulfillmentAsap: true,
        paymentMethodType: 'CASH',
        firstName,
        lang: 'en',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const ticket = ((await res.json()) as { results: { id: string; ticketNumber: number } })
      .results;
    return { ...ticket, tenantId };
  } finally {
    if (wasClosed) await setStatus(status);
  }
}

/**
 * The focus ring a sighted keyboard user sees: an outline or a box shadow on the focused
 * element, or on the MUI control around it (a switch's hidden input rings its span; an
 * outlined text field shows a 2 px border in the focus colour).
 */
export async function focusIndicator(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const ring = (node: Element): string | null => {
      const style = getComputedStyle(node);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
        return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
      if (style.boxShadow && style.boxShadow !== 'none') return `box-shadow ${style.boxShadow}`;
      return null;
    };
    const own = ring(el);
    if (own) return own;
    let node = el.parentElement;
    for (let depth = 0; node && depth < 3; node = node.parentElement, depth++) {
      if (!node.matches('.Mui-focusVisible, .Mui-focused')) continue;
      const around = ring(node);
      if (around) return around;
      const border = node.querySelector(':scope > .MuiOutlinedInput-notchedOutline');
      if (border && parseFloat(getComputedStyle(border).borderTopWidth) >= 2)
        return `field border ${getComputedStyle(border).borderTopColor}`;
    }
    return null;
  });
}

/** Describes the focused element for messages: role/tag and name. */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return 'nothing';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name}"`;
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, at most `max` times, asserting a visible
 * focus ring at every stop; passing the end of the page (focus on nothing) wraps round.
 */
export async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}) {
  const hasFocus = () =>
    target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
  if (await hasFocus()) return;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const onNothing = await page.evaluate(
      () => !document.activeElement || document.activeElement === document.body,
    );
    if (onNothing) continue;
    const ring = await focusIndicator(page);
    expect(ring, `no visible focus on ${await focusedName(page)}`).not.toBeNull();
    if (await hasFocus()) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The buttons and links that show no text (an icon alone), with the name they are read by. */
export async function iconOnlyControls(page: Page): Promise<{ name: string; html: string }[]> {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    // Behind an open dialog (aria-hidden) nothing is read.
    const muted = (el: Element) => el.closest('[aria-hidden="true"], [inert]') !== null;
    const nameOf = (el: Element) => {
      const ids = el.getAttribute('aria-labelledby');
      if (ids)
        return ids
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
          .trim();
      return (el.getAttribute('aria-label') ?? el.getAttribute('title') ?? '').trim();
    };
    return [...document.querySelectorAll('button, [role="button"], a[href]')]
      .filter((el) => shown(el) && !muted(el) && (el.textContent ?? '').trim() === '')
      .map((el) => ({ name: nameOf(el), html: el.outerHTML.slice(0, 160) }));
  });
}
