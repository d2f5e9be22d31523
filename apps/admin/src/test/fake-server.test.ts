import { afterEach, describe, expect, it, vi } from 'vitest';
import { identityRoutes } from '@app/contracts';
import {
  answer,
  authConfigRoute,
  contractViolations,
  definitionOf,
  fakeServer,
  ok,
} from './fake-server.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the fake server', () => {
  it('refuses a fake route the contracts do not define', () => {
    expect(() => fakeServer({ 'GET /api/admin/no-such-call': ok([]) })).toThrow(
      /no route of the contracts/,
    );
    expect(() => fakeServer({ 'DELETE /api/public/auth-config': ok({}) })).toThrow();
  });

  it('finds the literal route before the one with a parameter', () => {
    expect(definitionOf('GET', '/api/admin/tenants/all')?.path).toBe('/api/admin/tenants/all');
    expect(definitionOf('GET', '/api/admin/no/such')).toBeUndefined();
  });

  it('records an answer the route cannot give, and lets a fitting one pass', async () => {
    fakeServer({ 'GET /api/admin/users/me': ok({ email: 42 }) });
    await fetch('/api/admin/users/me');
    const recorded = contractViolations.splice(0);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatch(/^GET \/api\/admin\/users\/me answered what/);

    fakeServer(authConfigRoute);
    await fetch('/api/public/auth-config');
    expect(contractViolations).toEqual([]);
  });

  it('builds a typed answer from the route itself', async () => {
    const config = {
      authority: 'http://localhost:3000/oidc',
      clientId: 'admin-spa',
      scope: 'openid',
      audience: 'http://localhost:3000/api',
      roleClaim: 'extension_role',
      passwordResetUrl: null,
    };
    fakeServer(answer(identityRoutes.authConfig, {}, config));
    const res = await fetch('/api/public/auth-config');
    expect(await res.json()).toEqual({ results: config });
    expect(contractViolations).toEqual([]);
  });
});
