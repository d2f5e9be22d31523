import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/demo-data.ts';
import { seedDemoData } from '../../db/seed.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { signInAttempts } from './oidc.table.ts';
import { createSignInAttemptsRepository } from './sign-in-attempts.repository.ts';
import { createSignInService, type SignInService } from './sign-in.service.ts';

// Small limits so each rule shows in a few argon2 checks.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let service: SignInService;
const waits: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.owner);
  service = createSignInService({
    accounts: createAccountsRepository(database.db),
    attempts: createSignInAttemptsRepository(database.db),
    limits: {
      perEmailAndIp: 3,
      perIp: 7,
      perEmailSlowAfter: 5,
      perEmailFirstDelayMs: 100,
      perEmailMaxDelayMs: 1000,
      windowSeconds: 900,
    },
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
});
afterAll(() => database.dispose());

const fail = (email: string, ip: string) => service.signIn(email, 'wrong', ip);

describe('the sign-in limiter', () => {
  it('limits one email from one address, and a success before the limit resets it', async () => {
    await fail('owner@demo.local', '10.0.0.1');
    await fail('owner@demo.local', '10.0.0.1');
    expect(await service.signIn('owner@demo.local', DEMO_PASSWORD, '10.0.0.1')).toMatchObject({
      outcome: 'signed-in',
    });
    for (let i = 0; i < 3; i++) {
      expect(await fail('OWNER@demo.local', '10.0.0.1')).toEqual({ outcome: 'invalid' });
    }
    expect(await service.signIn('owner@demo.local', DEMO_PASSWORD, '10.0.0.1')).toEqual({
      outcome: 'limited',
    });
  });

  it('slows one email across addresses, growing to a bound, and never refuses the real user', async () => {
    waits.length = 0;
    for (let i = 0; i < 12; i++) {
      expect(await fail('manager@demo.local', `10.1.0.${i}`)).toEqual({ outcome: 'invalid' });
    }
    expect(waits).toEqual([0, 0, 0, 0, 0, 100, 200, 400, 800, 1000, 1000, 1000]);
    waits.length = 0;
    expect(await service.signIn('manager@demo.local', DEMO_PASSWORD, '10.1.0.99')).toMatchObject({
      outcome: 'signed-in',
    });
    expect(waits).toEqual([1000]);
  });

  it('does not slow a known device for that email', async () => {
    waits.length = 0;
    const known = await service.signIn('manager@demo.local', DEMO_PASSWORD, '10.1.0.98', {
      knownDevice: true,
    });
    expect(known).toMatchObject({ outcome: 'signed-in' });
    expect(waits).toEqual([0]);
  });

  it('slows an unknown email the same way (no hint which emails exist)', async () => {
    waits.length = 0;
    for (let i = 0; i < 7; i++) await fail('nobody@demo.local', `10.3.0.${i}`);
    expect(waits).toEqual([0, 0, 0, 0, 0, 100, 200]);
  });

  it('limits one address across emails (password spraying)', async () => {
    for (let i = 0; i < 7; i++) await fail(`user${i}@demo.local`, '10.2.0.1');
    expect(await service.signIn('staff@demo.local', DEMO_PASSWORD, '10.2.0.1')).toEqual({
      outcome: 'limited',
    });
    expect(await service.signIn('staff@demo.local', DEMO_PASSWORD, '10.2.0.2')).toMatchObject({
      outcome: 'signed-in',
    });
  });

  it('forgets a window once it ends', async () => {
    await database.owner
      .update(signInAttempts)
      .set({ windowEndsAt: sql`now() - interval '1 second'` });
    expect(await service.signIn('owner@demo.local', DEMO_PASSWORD, '10.0.0.1')).toMatchObject({
      outcome: 'signed-in',
    });
    await service.sweep();
    expect(await database.owner.select().from(signInAttempts)).toEqual([]);
  });
});
