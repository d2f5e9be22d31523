import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import {
  createSecretBox,
  loadSecretsKey,
  SECRETS_KEY_FILE,
  SecretUnreadable,
} from './secret-box.ts';

describe('the secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('seals a secret so that it opens with the same key and row only', () => {
    const sealed = box.seal('tok_123', 'row-a');
    expect(sealed).not.toContain('tok_123');
    expect(box.seal('tok_123', 'row-a')).not.toBe(sealed);
    expect(box.open(sealed, 'row-a')).toBe('tok_123');
    expect(() => box.open(sealed, 'row-b')).toThrow(SecretUnreadable);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'row-a')).toThrow(SecretUnreadable);
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered, 'row-a')).toThrow(SecretUnreadable);
  });

  it('reads a value stored before encryption as it is', () => {
    expect(box.isSealed('plain-token')).toBe(false);
    expect(box.open('plain-token', 'row-a')).toBe('plain-token');
  });

  it('takes SECRETS_ENCRYPTION_KEY, or else a key it generates once in the data folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
    const first = loadSecretsKey(undefined, dir);
    const file = path.join(dir, SECRETS_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretsKey(undefined, dir).equals(first)).toBe(true);
    const configured = randomBytes(32);
    expect(loadSecretsKey(configured, dir).equals(configured)).toBe(true);
    const value = configured.toString('base64');
    expect(loadConfig({ SECRETS_ENCRYPTION_KEY: value }).secretsEncryptionKey).toEqual(configured);
    expect(() => loadConfig({ SECRETS_ENCRYPTION_KEY: 'short' })).toThrow(/SECRETS_ENCRYPTION_KEY/);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('rotating the key', () => {
  it('opens values sealed under ENCRYPTION_KEY_PREVIOUS and tells them apart to seal again', () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const sealedBefore = createSecretBox(oldKey).seal('tok_old', 'row-a');
    const rotating = createSecretBox(newKey, oldKey);
    expect(rotating.open(sealedBefore, 'row-a')).toBe('tok_old');
    expect(rotating.isCurrent(sealedBefore, 'row-a')).toBe(false);
    expect(rotating.isCurrent('tok_plain', 'row-a')).toBe(false);
    const sealedAgain = rotating.seal('tok_old', 'row-a');
    expect(rotating.isCurrent(sealedAgain, 'row-a')).toBe(true);
    // Once rotated, the new key alone opens it and the old one no longer does.
    expect(createSecretBox(newKey).open(sealedAgain, 'row-a')).toBe('tok_old');
    expect(() => createSecretBox(oldKey).open(sealedAgain, 'row-a')).toThrow(SecretUnreadable);
    expect(() => createSecretBox(newKey).open(sealedBefore, 'row-a')).toThrow(SecretUnreadable);
  });
});
