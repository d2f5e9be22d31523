import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';

/** Where the run's migrated PGlite template lies, for `createTestDatabase`. */
export const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';

/**
 * Vitest's global setup of the server tests on PGlite: the database is migrated once for the
 * whole run and dumped to a file that each test file's database starts from
 * (`createTestDatabase`), instead of each file creating an empty cluster (about 4 s of CPU)
 * and running every migration. On PostgreSQL (TEST_DATABASE_URL) it does nothing.
 */
export default async function setup(): Promise<(() => void) | void> {
  if (process.env.TEST_DATABASE_URL) return;
  const database = await openDatabase({ memory: true });
  await database.migrate();
  if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
  const dump = await database.raw.client.dumpDataDir('none');
  await database.close();
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-')),
    'template.tar',
  );
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  };
}
