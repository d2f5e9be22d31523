import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { OidcPayloadKey, OidcPayloadsRepository } from './oidc.repository.ts';

/** oidc-provider's storage interface over the `oidc_payloads` table, one instance per model. */
export class DrizzleOidcAdapter implements Adapter {
  constructor(
    private readonly payloads: OidcPayloadsRepository,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    await this.payloads.upsert(this.kind, id, {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    });
  }

  find(id: string) {
    return this.findOne('id', id);
  }

  findByUid(uid: string) {
    return this.findOne('uid', uid);
  }

  findByUserCode(userCode: string) {
    return this.findOne('userCode', userCode);
  }

  consume(id: string): Promise<void> {
    return this.payloads.consume(this.kind, id);
  }

  destroy(id: string): Promise<void> {
    return this.payloads.destroy(this.kind, id);
  }

  revokeByGrantId(grantId: string): Promise<void> {
    return this.payloads.revokeByGrantId(this.kind, grantId);
  }

  private async findOne(key: OidcPayloadKey, value: string): Promise<AdapterPayload | undefined> {
    const row = await this.payloads.findOne(this.kind, key, value);
    if (!row) return undefined;
    return {
      ...(row.payload as AdapterPayload),
      // The provider reads `consumed` to detect a code or refresh token used twice.
      ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
    };
  }
}
