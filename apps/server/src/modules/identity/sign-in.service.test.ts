import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/demo-data.ts';
import { seedDemoData } from '../../db/seed.ts';
import { createTestDatabase } from '../../test/harness.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { signInAttempts } from './oidc.table.ts';
import { createSignInService, type SignInService } from './sign-in.service.ts';

// Small limits so each rule shows in a few argon2 checks.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let service: SignInService;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  service = createSignInService({
    db: database.db,
    accounts: createAccountsRepository(database.db),
    limits: { perEmailAndIp: 3, perEmail: 5, perIp: 7, windowSeconds: 900 },
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

  it('limits one email across addresses (a rotated X-Forwarded-For does not help)', async () => {
    for (let i = 0; i < 5; i++) await fail('manager@demo.local', `10.1.0.${i}`);
    expect(await service.signIn('manager@demo.local', DEMO_PASSWORD, '10.1.0.99')).toEqual({
      outcome: 'limited',
    });
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
    await database.db
      .update(signInAttempts)
      .set({ windowEndsAt: sql`now() - interval '1 second'` });
    expect(await service.signIn('owner@demo.local', DEMO_PASSWORD, '10.0.0.1')).toMatchObject({
      outcome: 'signed-in',
    });
    await service.sweep();
    expect(await database.db.select().from(signInAttempts)).toEqual([]);
  });
});
