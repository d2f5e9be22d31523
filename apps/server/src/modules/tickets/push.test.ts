import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushPayload } from '@app/contracts';
import { loadConfig, VAPID_KEYS_FILE } from '../../config.ts';
import * as s from '../../db/schema.ts';
import WebSocket from 'ws';
import { TICKETS_HUB_PATH } from '../../realtime/hub.ts';
import { accessTokenFor, authAs, baseUrlOf } from '../../test/auth.ts';
import { createTestApp, testConfig, type TestContext } from '../../test/harness.ts';
import { startPushReceiver } from '../../test/push-receiver.ts';
import { pushEndpointAllowed } from './push.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from './test-fixtures.ts';

let ctx: TestContext;
let f: DemoFixtures;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let staff: Record<string, string>;
let outsider: Record<string, string>;

beforeAll(async () => {
  receiver = await startPushReceiver();
  const push = testConfig().push;
  ctx = await createTestApp({
    seed: true,
    config: { push: { ...push, extraOrigins: [receiver.origin], escalationEveryMs: 200 } },
  });
  f = await demoFixtures(ctx.database.owner);
  staff = await authAs(ctx, 'staff@demo.local');
  outsider = await authAs(ctx, 'owner@other.local');
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await receiver.close();
});

const subscriptions = (tenantId = f.alBayt.id) =>
  `/api/admin/tenants/${tenantId}/push/subscriptions`;
const subscribe = (body: unknown, headers = staff, tenantId = f.alBayt.id) =>
  ctx.app.inject({
    method: 'POST',
    url: subscriptions(tenantId),
    headers,
    payload: body as object,
  });
const order = (branchId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: intakeUrl(f.alBayt.id, branchId),
    payload: pickup([{ variantId: f.variant('Hummus', 'Large').variantId, quantity: 1 }]),
  });

describe('the VAPID key', () => {
  it('is made once per data folder and given to any signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/push/key', headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    const { publicKey } = res.json().results;
    // An uncompressed P-256 point, base64url.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    // The server's own pair stays the same across calls.
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/push/key',
      headers: staff,
    });
    expect(again.json().results.publicKey).toBe(publicKey);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/push/key' })).statusCode).toBe(
      401,
    );
  });

  it('is generated in the data folder at the first start, or taken from the environment', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
    const generated = loadConfig({ DATA_DIR: dataDir }).push.keys();
    const file = JSON.parse(fs.readFileSync(path.join(dataDir, VAPID_KEYS_FILE), 'utf8'));
    expect(file).toEqual(generated);
    expect(fs.statSync(path.join(dataDir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
    // A second start on the same folder keeps the pair (subscriptions were made with it).
    expect(loadConfig({ DATA_DIR: dataDir }).push.keys()).toEqual(generated);

    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
    const configured = loadConfig({
      DATA_DIR: elsewhere,
      PUSH_VAPID_PUBLIC_KEY: generated.publicKey,
      PUSH_VAPID_PRIVATE_KEY: generated.privateKey,
    }).push.keys();
    expect(configured).toEqual(generated);
    expect(fs.existsSync(path.join(elsewhere, VAPID_KEYS_FILE))).toBe(false);
    expect(() =>
      loadConfig({ DATA_DIR: elsewhere, PUSH_VAPID_PUBLIC_KEY: generated.publicKey }),
    ).toThrow(/PUSH_VAPID_PUBLIC_KEY and PUSH_VAPID_PRIVATE_KEY/);
  });
});

describe('push endpoints', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGz',
    'https://db5p.notify.windows.com/w/?token=abc',
  ])('allows the push service %s', (endpoint) => {
    expect(pushEndpointAllowed(endpoint, [])).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evil.example/fcm.googleapis.com',
    'https://fcm.googleapis.com:8443/x',
    'https://user:pass@fcm.googleapis.com/x',
    'http://169.254.169.254/latest/meta-data',
    'http://127.0.0.1:8080/api/admin/tenants',
  ])('refuses %s', (endpoint) => {
    expect(pushEndpointAllowed(endpoint, [])).toBe(false);
  });

  it('refuses to subscribe anything else, a foreign branch and a stranger', async () => {
    const keys = receiver.subscription().keys;
    const internal = await subscribe({
      subscription: { endpoint: 'http://169.254.169.254/latest/meta-data', keys },
      branchIds: [f.abdoun.id],
    });
    expect(internal.statusCode).toBe(422);
    expect(internal.json().errors).toEqual([
      { field: 'subscription.endpoint', codes: ['push_endpoint_not_allowed'] },
    ]);
    const badKey = await subscribe({
      subscription: { ...receiver.subscription(), keys: { ...keys, p256dh: 'abc' } },
      branchIds: [f.abdoun.id],
    });
    expect(badKey.statusCode).toBe(422);
    const foreignBranch = await subscribe({
      subscription: receiver.subscription(),
      branchIds: [f.madrid.id],
    });
    expect(foreignBranch.statusCode).toBe(422);
    expect(foreignBranch.json().errors).toEqual([
      { field: 'branchIds', codes: ['branch_not_found'] },
    ]);
    const stranger = await subscribe(
      { subscription: receiver.subscription(), branchIds: [f.abdoun.id] },
      outsider,
    );
    expect([403, 404]).toContain(stranger.statusCode);
    expect(await ctx.database.owner.select().from(s.pushSubscriptions)).toEqual([]);
  });
});

describe('a new order pushed to the branch’s devices', () => {
  it('arrives encrypted for the device, signed with the VAPID key, within 5 s', async () => {
    const device = receiver.subscription();
    const created = await subscribe({ subscription: device, branchIds: [f.abdoun.id], lang: 'ar' });
    expect(created.statusCode, created.body).toBe(201);
    const before = receiver.received.length;
    // An order in another branch is not pushed to this device.
    expect((await order(f.sweifieh.id)).statusCode).toBe(201);
    const placed = await order(f.abdoun.id);
    expect(placed.statusCode).toBe(201);
    const ticket = placed.json().results as { id: string; ticketNumber: number };

    const [push] = (await receiver.waitFor(before + 1)).slice(before);
    expect(push!.path).toBe(new URL(device.endpoint).pathname);
    const payload = PushPayload.parse(push!.payload);
    expect(payload).toMatchObject({
      kind: 'newOrder',
      tenantId: f.alBayt.id,
      branchId: f.abdoun.id,
      ticketId: ticket.id,
      ticketNumber: ticket.ticketNumber,
      url: `/admin/tickets/view/${ticket.id}`,
    });
    expect(payload.title).toBe(`طلب جديد رقم ${ticket.ticketNumber}`);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.urgency).toBe('high');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);

    // VAPID (RFC 8292): a JWT for the push service's origin, signed by the server's key.
    const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(push!.headers.authorization!)!;
    const { publicKey } = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/push/key', headers: staff })
    ).json().results;
    expect(key).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const jwk = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload: claims } = await jwtVerify(token!, jwk, { audience: receiver.origin });
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received.length).toBe(before + 1);
    const [row] = await ctx.database.owner
      .select()
      .from(s.pushSubscriptions)
      .where(eq(s.pushSubscriptions.id, created.json().results.id));
    expect(row?.lastDeliveredAt).not.toBeNull();
  });

  it('keeps one row per device, drops a device its push service says is gone', async () => {
    const device = receiver.subscription();
    const first = await subscribe({ subscription: device, branchIds: [f.abdoun.id] });
    const again = await subscribe({ subscription: device, branchIds: [f.sweifieh.id] });
    expect(again.json().results.id).toBe(first.json().results.id);
    const rows = await ctx.database.owner
      .select()
      .from(s.pushSubscriptions)
      .where(eq(s.pushSubscriptions.endpoint, device.endpoint));
    expect(rows.map((r) => r.branchIds)).toEqual([[f.sweifieh.id]]);

    // Every other device first, so only this one is told of the next Sweifieh order.
    await ctx.database.owner.delete(s.pushSubscriptions);
    await subscribe({ subscription: device, branchIds: [f.sweifieh.id] });
    receiver.answer({ status: 410 });
    expect((await order(f.sweifieh.id)).statusCode).toBe(201);
    await expect
      .poll(async () => ctx.database.owner.select().from(s.pushSubscriptions), { timeout: 5_000 })
      .toEqual([]);
  });

  it('tries again after a push service’s 429, as its Retry-After says', async () => {
    await ctx.database.owner.delete(s.pushSubscriptions);
    await subscribe({ subscription: receiver.subscription(), branchIds: [f.abdoun.id] });
    const before = receiver.received.length;
    receiver.answer({ status: 429, headers: { 'retry-after': '1' } });
    const placed = await order(f.abdoun.id);
    const pushes = (await receiver.waitFor(before + 1, 8_000)).slice(before);
    expect(pushes.map((p) => (p.payload as { ticketId: string }).ticketId)).toEqual([
      placed.json().results.id,
    ]);
  });

  it('lets staff remove a device, once', async () => {
    const created = await subscribe({
      subscription: receiver.subscription(),
      branchIds: [f.abdoun.id],
    });
    const id = created.json().results.id as string;
    const url = `${subscriptions()}/${id}`;
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `${subscriptions(f.casa.id)}/${id}`,
      headers: outsider,
    });
    expect(foreign.statusCode).toBe(404);
    const gone = await ctx.app.inject({ method: 'DELETE', url, headers: staff });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: staff })).statusCode).toBe(404);
  });
});

describe('who is listening', () => {
  type Listeners = {
    screens: { userName: string | null; soundOn: boolean }[];
    pushDevices: { id: string }[];
    listening: boolean;
  };
  const listeners = async (branchId = f.abdoun.id, headers = staff, tenantId = f.alBayt.id) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${tenantId}/branches/${branchId}/listeners`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as Listeners;
  };

  it('counts an open Live orders screen, its chime, the push devices; not once closed', async () => {
    await ctx.database.owner.delete(s.pushSubscriptions);
    expect(await listeners()).toEqual({
      screens: [],
      pushDevices: [],
      listening: false,
      escalateAfterMinutes: 3,
    });

    const origin = await baseUrlOf(ctx.app);
    const token = await accessTokenFor(ctx, 'staff@demo.local');
    const socket = new WebSocket(
      `${origin.replace(/^http/, 'ws')}${TICKETS_HUB_PATH}?access_token=${token}`,
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    // Connected, chime not started: a screen, but nobody would hear an order.
    await expect
      .poll(async () => (await listeners()).screens)
      .toEqual([expect.objectContaining({ userName: expect.any(String), soundOn: false })]);
    expect((await listeners()).listening).toBe(false);

    socket.send(JSON.stringify({ event: 'listening', data: { soundOn: true } }));
    await expect.poll(async () => (await listeners()).listening).toBe(true);
    expect((await listeners()).screens[0]!.soundOn).toBe(true);
    // Another tenant's user sees none of it, and not this branch at all.
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${f.alBayt.id}/branches/${f.abdoun.id}/listeners`,
      headers: outsider,
    });
    expect([403, 404]).toContain(res.statusCode);
    expect((await listeners(f.madrid.id, outsider, f.casa.id)).screens).toEqual([]);

    socket.close();
    await expect.poll(async () => (await listeners()).screens).toEqual([]);

    const tenantWide = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/admin/tenants/${f.alBayt.id}/listeners`,
          headers: staff,
        })
      ).json().results as { branchId: string; listening: boolean }[];
    expect((await tenantWide()).every((b) => !b.listening)).toBe(true);

    // A push device of the branch listens on its own; one of another branch does not.
    await subscribe({ subscription: receiver.subscription(), branchIds: [f.abdoun.id] });
    expect(await tenantWide()).toEqual(
      expect.arrayContaining([
        { branchId: f.abdoun.id, listening: true },
        { branchId: f.sweifieh.id, listening: false },
      ]),
    );
    await subscribe({ subscription: receiver.subscription(), branchIds: [f.sweifieh.id] });
    const now = await listeners();
    expect(now.pushDevices).toHaveLength(1);
    expect(now.listening).toBe(true);
    expect((await listeners(f.sweifieh.id)).pushDevices).toHaveLength(1);
  });
});

describe('an order left waiting', () => {
  it('is pushed again once to the managers’ devices after the branch’s threshold', async () => {
    await ctx.database.owner.delete(s.pushSubscriptions);
    const manager: Record<string, string> = await authAs(ctx, 'manager@demo.local');
    const url = `/api/admin/tenants/${f.alBayt.id}/branches/${f.abdoun.id}/escalation`;
    const set = (minutes: number, headers = manager) =>
      ctx.app.inject({ method: 'PUT', url, headers, payload: { escalateAfterMinutes: minutes } });
    expect((await set(0)).statusCode).toBe(422);
    expect((await set(61)).statusCode).toBe(422);
    expect((await set(5, staff)).statusCode).toBe(403);
    expect((await set(4)).json().results).toEqual({ escalateAfterMinutes: 4 });

    const managersDevice = receiver.subscription();
    const staffDevice = receiver.subscription();
    await subscribe({ subscription: managersDevice, branchIds: [f.abdoun.id] }, manager);
    await subscribe({ subscription: staffDevice, branchIds: [f.abdoun.id] });
    const initially = receiver.received.length;
    const placed = (await order(f.abdoun.id)).json().results as {
      id: string;
      ticketNumber: number;
    };
    const accepted = (await order(f.abdoun.id)).json().results as { id: string };
    // Both new orders go to both devices first.
    await receiver.waitFor(initially + 4);
    const before = receiver.received.length;
    // Three minutes: not yet past this branch's four.
    const ago = (minutes: number, id: string) =>
      ctx.database.owner
        .update(s.tickets)
        .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(s.tickets.id, id));
    await ago(3, placed.id);
    await new Promise((r) => setTimeout(r, 600));
    expect(receiver.received.length).toBe(before);

    await ago(5, placed.id);
    await ago(5, accepted.id);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/tenants/${f.alBayt.id}/tickets/${accepted.id}`,
      headers: staff,
      payload: { status: 'InProgress', fromStatus: 'UnVerified', note: null },
    });
    const [push] = (await receiver.waitFor(before + 1)).slice(before);
    expect(push!.path).toBe(new URL(managersDevice.endpoint).pathname);
    expect(push!.payload).toMatchObject({
      kind: 'stillWaiting',
      ticketId: placed.id,
      title: `Order #${placed.ticketNumber} is still waiting`,
    });
    // Once: later rounds and the accepted order push nothing more.
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.received.length).toBe(before + 1);
    const [row] = await ctx.database.owner
      .select()
      .from(s.tickets)
      .where(eq(s.tickets.id, placed.id));
    expect(row?.escalatedAt).not.toBeNull();
    // The live list says so, for the screens' urgent alert.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/tenants/tickets',
      headers: staff,
    });
    const summary = (list.json().results as { id: string; escalatedAt: string | null }[]).find(
      (t) => t.id === placed.id,
    );
    expect(summary?.escalatedAt).toEqual(expect.any(String));
  });
});
