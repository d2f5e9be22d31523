import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Where the embedded default keeps its generated key when SECRETS_ENCRYPTION_KEY is unset. */
export const SECRETS_KEY_FILE = 'secrets-encryption.key';

const PREFIX = 'enc:v1:';

/**
 * Seals secrets kept in the database (a HubRise access token): AES-256-GCM, a fresh IV each
 * time, and the row it belongs to authenticated with it (`context`), so a sealed value copied
 * into another row does not open there. `previous` is the key of before a rotation: values
 * still under it open, and `isCurrent` tells which to seal again.
 */
export type SecretBox = {
  seal(plain: string, context: string): string;
  /** The plain text; throws `SecretUnreadable` when the value was sealed with another key. */
  open(stored: string, context: string): string;
  isSealed(stored: string): boolean;
  /** Sealed under the current key (not plain, not under the previous key). */
  isCurrent(stored: string, context: string): boolean;
};

export class SecretUnreadable extends Error {
  constructor() {
    super(
      'a stored secret does not open with this SECRETS_ENCRYPTION_KEY (nor ENCRYPTION_KEY_PREVIOUS)',
    );
    this.name = 'SecretUnreadable';
  }
}

/** AES-256-GCM of `plain` with `context` authenticated: iv, tag and data in base64url. */
export function sealWith(key: Buffer, plain: string, context: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return {
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
}

/** The plain text of a `sealWith` result under the first of `keys` that opens it; null if none. */
export function openWith(
  keys: readonly Buffer[],
  sealed: { iv: string; tag: string; data: string },
  context: string,
): { plain: string; keyIndex: number } | null {
  for (const [keyIndex, key] of keys.entries()) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64url'))
        .setAAD(Buffer.from(context))
        .setAuthTag(Buffer.from(sealed.tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(sealed.data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      return { plain, keyIndex };
    } catch {
      // Another key, or tampered: try the next.
    }
  }
  return null;
}

export function createSecretBox(key: Buffer, previous?: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  const keys = previous ? [key, previous] : [key];
  const isSealed = (stored: string) => stored.startsWith(PREFIX);
  const opened = (stored: string, context: string) => {
    const [iv = '', tag = '', data = ''] = stored.slice(PREFIX.length).split('.');
    return openWith(keys, { iv, tag, data }, context);
  };
  return {
    isSealed,
    seal(plain, context) {
      const { iv, tag, data } = sealWith(key, plain, context);
      return `${PREFIX}${iv}.${tag}.${data}`;
    },
    open(stored, context) {
      // Values written before encryption existed are read as they are (and sealed at start).
      if (!isSealed(stored)) return stored;
      const result = opened(stored, context);
      if (!result) throw new SecretUnreadable();
      return result.plain;
    },
    isCurrent: (stored, context) => isSealed(stored) && opened(stored, context)?.keyIndex === 0,
  };
}

/**
 * The text of `DATA_DIR/<name>`, made by `make` at the first call (mode 0600, readable by the
 * server's user only); two servers starting at once on one folder keep the first one's.
 */
export function readOrCreateDataFile(dataDir: string, name: string, make: () => string): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const text = make();
  try {
    fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8');
    throw error;
  }
  return text;
}

/**
 * The configured key, or else the one generated at the first start in the data folder (readable
 * by the server's user only): the database, its dumps and backups never hold it.
 */
export function loadSecretsKey(configured: Buffer | undefined, dataDir: string): Buffer {
  if (configured) return configured;
  const text = readOrCreateDataFile(
    dataDir,
    SECRETS_KEY_FILE,
    () => `${randomBytes(32).toString('base64')}\n`,
  );
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32)
    throw new Error(`${path.join(dataDir, SECRETS_KEY_FILE)} does not hold base64 of 32 bytes`);
  return key;
}
