import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live; local disk now, S3-compatible storage can implement the same. */
export type FileStorage = {
  /** Stores the bytes under a key like `tenantId/uuid.png` and returns the public URL path. */
  put(key: string, bytes: Buffer): Promise<string>;
  /** Absolute folder served at `/uploads/` (local storage only). */
  localRoot?: string;
};

export function createLocalStorage(root: string): FileStorage {
  return {
    localRoot: root,
    async put(key, bytes) {
      if (!/^[\w-]+\/[\w-]+\.(jpg|png|bmp)$/.test(key))
        throw new Error(`unsafe storage key ${key}`);
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
      return `/uploads/${key}`;
    },
  };
}
