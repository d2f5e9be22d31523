import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import WebSocket from 'ws';
import { TicketChange } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB_CLOSE_CODES, ProblemResponse, ROLE_CLAIM } from '@app/contracts';
import { buildApp, type App } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createAccountsRepository } from '../modules/identity/accounts.repository.ts';
import {
  loadOrCreateOidcKeys,
  oidcKeysAtRest,
  SIGNING_ALG,
} from '../modules/identity/oidc-keys.ts';
import { createOidcKeysRepository } from '../modules/identity/oidc.repository.ts';
import {
  demoFixtures,
  intakeUrl,
  pickup,
  type DemoFixtures,
} from '../modules/tickets/test-fixtures.ts';
import { accessTokenFor, baseUrlOf, bearer, forgeToken } from '../test/auth.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { redactAccessToken, TICKETS_HUB_PATH } from './hub.ts';

let ctx: TestContext;
let f: DemoFixtures;
let origin: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  f = await demoFixtures(ctx.database.owner);
  origin = await baseUrlOf(ctx.app);
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await ctx.close();
});

type Message = { event: string; data: Record<string, unknown> };

/** A hub client that keeps every message and can wait for one. */
function connect(base: string, token: string | undefined) {
  const url = `${base.replace(/^http/, 'ws')}${TICKETS_HUB_PATH}${token ? `?access_token=${token}` : ''}`;
  const ws = new WebSocket(url);
  sockets.push(ws);
  const messages: Message[] = [];
  const waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as Message;
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.match(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const next = (match: (m: Message) => boolean, ms = 5000) =>
    new Promise<Message>((resolve, reject) => {
      const seen = messages.find(match);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error('no such message')), ms);
      waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  return { ws, messages, opened, next };
}

const forTicket = (id: string) => (m: Message) =>
  m.event === 'ticketsUpdate' && m.data.ticketId === id;

async function order(app: App, tenantId = f.alBayt.id, branchId = f.abdoun.id) {
  const variantId =
    tenantId === f.casa.id
      ? f.variant('Patatas bravas').variantId
      : f.variant('Mint tea').variantId;
  const res = await app.inject({
    method: 'POST',
    url: intakeUrl(tenantId, branchId),
    payload: pickup([{ variantId }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().results as { id: string; ticketNumber: number };
}

describe('tickets hub', () => {
  it("tells a tenant's staff about a new order and a status change, and no one else", async () => {
    const staff = connect(origin, await accessTokenFor(ctx, 'staff@demo.local'));
    const other = connect(origin, await accessTokenFor(ctx, 'owner@other.local'));
    await Promise.all([staff.opened, other.opened]);

    const t = await order(ctx.app);
    const created = await staff.next(forTicket(t.id));
    expect(created.data).toMatchObject({
      change: 'created',
      tenantId: f.alBayt.id,
      branchId: f.abdoun.id,
      ticketNumber: t.ticketNumber,
      ticketType: 'cartticket',
      status: 'UnVerified',
    });
    // The event carries ids and state, never the customer's details.
    expect(JSON.stringify(created)).not.toContain('Rana');

    const accepted = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/tenants/${f.alBayt.id}/tickets/${t.id}`,
      headers: bearer(await accessTokenFor(ctx, 'staff@demo.local')),
      payload: { status: 'InProgress', note: null },
    });
    expect(accepted.statusCode).toBe(200);
    const changed = await staff.next((m) => forTicket(t.id)(m) && m.data.change === 'status');
    expect(changed.data.status).toBe('InProgress');
    // One builder: the event made inside the INSERT and the one made in code agree field by field.
    expect(TicketChange.strict().parse(created.data)).toEqual(created.data);
    expect(TicketChange.strict().parse(changed.data)).toEqual(changed.data);
    expect(Object.keys(created.data).sort()).toEqual(Object.keys(changed.data).sort());

    // The other tenant's owner hears their own order, and never heard ours.
    const theirs = await order(ctx.app, f.casa.id, f.madrid.id);
    await other.next(forTicket(theirs.id));
    expect(other.messages.map((m) => m.data.tenantId)).toEqual([f.casa.id]);
    expect(staff.messages.some((m) => m.data.ticketId === theirs.id)).toBe(false);
  });

  it('refuses a missing, bad or expired token, and a user without ticket roles', async () => {
    await expect(connect(origin, undefined).opened).rejects.toThrow('HTTP 401');
    await expect(connect(origin, 'not.a.token').opened).rejects.toThrow('HTTP 401');
    await expect(connect(origin, await forgeToken(ctx, 'expired')).opened).rejects.toThrow(
      'HTTP 401',
    );
    await expect(connect(origin, await forgeToken(ctx, 'foreign-key')).opened).rejects.toThrow(
      'HTTP 401',
    );
    const superAdmin = await accessTokenFor(ctx, 'admin@demo.local');
    await expect(connect(origin, superAdmin).opened).rejects.toThrow('HTTP 403');
  });

  it('closes a connection when its token expires', async () => {
    const user = await createAccountsRepository(ctx.database.owner).findUserByEmail(
      'staff@demo.local',
    );
    const [jwk] = (
      await loadOrCreateOidcKeys(
        createOidcKeysRepository(ctx.database.owner),
        oidcKeysAtRest(ctx.config),
      )
    ).signing;
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({
      sub: user!.id,
      email: user!.email,
      [ROLE_CLAIM]: 'OrderTaker',
      client_id: ctx.config.oidc.clientId,
      scope: 'openid',
      jti: randomUUID(),
    })
      .setProtectedHeader({ alg: SIGNING_ALG, typ: 'at+jwt', kid: jwk!.kid })
      .setIssuer(ctx.config.oidc.issuer)
      .setAudience(ctx.config.oidc.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 1)
      .sign(await importJWK(jwk!, SIGNING_ALG));
    const client = connect(origin, token);
    await client.opened;
    const code = await new Promise<number>((resolve) => client.ws.once('close', resolve));
    expect(code).toBe(HUB_CLOSE_CODES.tokenExpired);
  });

  it('answers a plain GET on the hub path with 426 in the error envelope once the caller is let in', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: TICKETS_HUB_PATH,
      headers: bearer(await accessTokenFor(ctx, 'owner@demo.local')),
    });
    expect(res.statusCode).toBe(426);
    expect(res.headers.upgrade).toBe('websocket');
    expect(ProblemResponse.parse(res.json()).error.code).toBe('upgrade_required');
    expect((await ctx.app.inject({ method: 'GET', url: TICKETS_HUB_PATH })).statusCode).toBe(401);
  });

  it('never logs the token', () => {
    expect(redactAccessToken(`${TICKETS_HUB_PATH}?access_token=abc.def.ghi&x=1`)).toBe(
      `${TICKETS_HUB_PATH}?access_token=[redacted]&x=1`,
    );
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a lost LISTEN connection (PostgreSQL)', () => {
  it('reconnects, tells clients to refetch, and delivers again', async () => {
    const client = connect(origin, await accessTokenFor(ctx, 'manager@demo.local'));
    await client.opened;
    const killed = await ctx.database.owner.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN %'`,
    );
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    const resync = await client.next((m) => m.data.change === 'resync', 10_000);
    expect(resync.data.tenantId).toBe(f.alBayt.id);
    const t = await order(ctx.app);
    await client.next(forTicket(t.id));
  });
});

describe('two server copies on one database', () => {
  let second: App;
  let secondDb: Database | undefined;

  beforeAll(async () => {
    // PGlite: one in-process database shared by two apps; PostgreSQL: a second pool to it.
    const raw = ctx.database.raw;
    if (raw.kind === 'postgres') {
      secondDb = await openDatabase({ databaseUrl: raw.pool.options.connectionString });
    }
    second = await buildApp({
      config: ctx.config,
      database: secondDb ?? ctx.database,
      logger: false,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDb?.close();
  });

  it('delivers an order taken by one copy to staff connected to the other', async () => {
    const secondOrigin = await baseUrlOf(second);
    const token = await accessTokenFor(ctx, 'owner@demo.local');
    const onSecond = connect(secondOrigin, token);
    const onFirst = connect(origin, token);
    await Promise.all([onSecond.opened, onFirst.opened]);
    const t = await order(ctx.app, f.alBayt.id, f.sweifieh.id);
    const [a, b] = await Promise.all([
      onSecond.next(forTicket(t.id)),
      onFirst.next(forTicket(t.id)),
    ]);
    expect(a.data.change).toBe('created');
    expect(b.data.change).toBe('created');
    // And the other way round.
    const u = await order(second, f.alBayt.id, f.abdoun.id);
    await Promise.all([onFirst.next(forTicket(u.id)), onSecond.next(forTicket(u.id))]);
  });
});

describe('a graceful shutdown', () => {
  it('closes every hub connection with 1001 (going away), so clients reconnect elsewhere', async () => {
    const closing = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    await closing.ready();
    const client = connect(await baseUrlOf(closing), await accessTokenFor(ctx, 'staff@demo.local'));
    await client.opened;
    const closed = new Promise<number>((resolve) => client.ws.once('close', resolve));
    await closing.close();
    expect(await closed).toBe(HUB_CLOSE_CODES.serverClosing);
    expect(HUB_CLOSE_CODES.serverClosing).toBe(1001);
  });
});
