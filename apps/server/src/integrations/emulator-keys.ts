import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { readOrCreateDataFile } from '../secret-box.ts';

/** Where the emulators' secret keys are kept, beside the data they belong to. */
export const EMULATOR_KEYS_FILE = 'emulator-keys.json';

/**
 * The secret keys the server and its own emulators share (the demo): random for each data
 * folder, so no published constant lets a stranger refund a payment at the emulated gateway,
 * read deliveries or the emulated point of sale.
 */
const EmulatorKeys = z.object({
  cardGatewaySecretKey: z.string().min(20),
  dispatchApiKey: z.string().min(20),
  hubriseAccessToken: z.string().min(20),
});
export type EmulatorKeys = z.infer<typeof EmulatorKeys>;

const secret = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

export function loadEmulatorKeys(dataDir: string): EmulatorKeys {
  const text = readOrCreateDataFile(dataDir, EMULATOR_KEYS_FILE, () =>
    JSON.stringify({
      cardGatewaySecretKey: secret('sk_test'),
      dispatchApiKey: secret('dispatch_test'),
      hubriseAccessToken: secret('hubrise_test'),
    } satisfies EmulatorKeys),
  );
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    stored = null;
  }
  const parsed = EmulatorKeys.safeParse(stored);
  if (!parsed.success)
    throw new Error(`${path.join(dataDir, EMULATOR_KEYS_FILE)} does not hold the emulators' keys`);
  return parsed.data;
}
