import { startCardGatewayEmulator } from '../integrations/card-gateway/emulator.ts';
import { createTestApp, type TestContext } from './harness.ts';

export type GatewayTestContext = TestContext & {
  gateway: Awaited<ReturnType<typeof startCardGatewayEmulator>>;
};

/**
 * The app on the demo world, taking online payments through the card gateway's emulator on a
 * port of its own (the server talks to it over real HTTP); `close` stops both.
 */
export async function createTestAppWithGateway(
  keys: { secretKey: string; publishableKey: string },
  /** The gateway calls' timeout and the refund reconciler's interval (default: 10 s, 1 h). */
  timing: { timeoutMs?: number; reconcileEveryMs?: number } = {},
): Promise<GatewayTestContext> {
  const gateway = await startCardGatewayEmulator(keys);
  const ctx = await createTestApp({
    seed: true,
    config: {
      payments: {
        baseUrl: gateway.url,
        ...keys,
        tokenUrl: `${gateway.url}/v1/tokens`,
        emulator: false,
        // A test's rounds are its own: the timer's would race its steps.
        reconcileEveryMs: 3_600_000,
        ...timing,
      },
    },
  });
  return {
    ...ctx,
    gateway,
    close: async () => {
      await ctx.close();
      await gateway.close();
    },
  };
}

/**
 * What a storefront's browser does: card details to the gateway's token endpoint, a token back
 * (any future expiry; the emulator's test cards decide the outcome).
 */
export async function cardToken(
  gateway: { url: string },
  publishableKey: string,
  number = '4242424242424242',
): Promise<string> {
  const res = await fetch(`${gateway.url}/v1/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '1' }),
  });
  if (res.status !== 201) throw new Error(`no card token: ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}
