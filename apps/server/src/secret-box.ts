import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Where the embedded default keeps its generated key when SECRETS_ENCRYPTION_KEY is unset. */
export const SECRETS_KEY_FILE = 'secrets-encryption.key';

const PREFIX = 'enc:v1:';

/**
 * Seals third-party credentials (a HubRise access token) for a database column: AES-256-GCM,
 * a fresh IV each time, and the row it belongs to authenticated with it (`context`), so a
 * sealed value copied into another row does not open there.
 */
export type SecretBox = {
  seal(plain: string, context: string): string;
  /** The plain text; throws `SecretUnreadable` when the value was sealed with another key. */
  open(stored: string, context: string): string;
  isSealed(stored: string): boolean;
};

export class SecretUnreadable extends Error {
  constructor() {
    super('a stored secret does not open with this SECRETS_ENCRYPTION_KEY');
    this.name = 'SecretUnreadable';
  }
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  const isSealed = (stored: string) => stored.startsWith(PREFIX);
  return {
    isSealed,
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
      return PREFIX + parts.join('.');
    },
    open(stored, context) {
      // Values written before encryption existed are read as they are (and sealed at start).
      if (!isSealed(stored)) return stored;
      const [iv, tag, data] = stored.slice(PREFIX.length).split('.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64url'))
          .setAAD(Buffer.from(context))
          .setAuthTag(Buffer.from(tag ?? '', 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(data ?? '', 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretUnreadable();
      }
    },
  };
}

/**
 * The configured key, or else the one generated at the first start in the data folder (readable
 * by the server's user only): the database, its dumps and backups never hold it.
 */
export function loadSecretsKey(configured: Buffer | undefined, dataDir: string): Buffer {
  if (configured) return configured;
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  try {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold base64 of 32 bytes`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // 'wx': two servers starting at once on one folder keep the first one's key.
    fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return loadSecretsKey(undefined, dataDir);
    throw error;
  }
  return key;
}
