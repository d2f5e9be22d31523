import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live; local disk now, S3-compatible storage can implement the same. */
export type FileStorage = {
  /** Stores the bytes under a key like `tenantId/uuid.png` and returns the public URL path. */
  put(key: string, bytes: Buffer): Promise<string>;
  /** The key of a URL this storage handed out, or null for any other URL. */
  keyOf(url: string): string | null;
  /** Whether a file is stored under the key. */
  has(key: string): Promise<boolean>;
  /** Absolute folder served at `/uploads/` (local storage only). */
  localRoot?: string;
};

const NEW_KEY = /^[\w-]+\/[\w-]+\.(jpg|png)$/;
// Files uploaded before uploads were re-encoded may still be BMPs.
const STORED_KEY = /^[\w-]+\/[\w-]+\.(jpg|png|bmp)$/;
const PREFIX = '/uploads/';

export function createLocalStorage(root: string): FileStorage {
  return {
    localRoot: root,
    async put(key, bytes) {
      if (!NEW_KEY.test(key)) throw new Error(`unsafe storage key ${key}`);
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
      return `${PREFIX}${key}`;
    },
    keyOf(url) {
      if (!url.startsWith(PREFIX)) return null;
      const key = url.slice(PREFIX.length);
      return STORED_KEY.test(key) ? key : null;
    },
    async has(key) {
      if (!STORED_KEY.test(key)) return false;
      return fs.stat(path.join(root, key)).then(
        (stat) => stat.isFile(),
        () => false,
      );
    },
  };
}
