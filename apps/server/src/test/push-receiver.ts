import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One push as a push service received it, and its payload decrypted. */
export type ReceivedPush = {
  path: string;
  headers: http.IncomingHttpHeaders;
  payload: unknown;
  at: number;
};

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * Decrypts a Web Push message body as the device would (RFC 8291 over RFC 8188's aes128gcm),
 * written from the RFCs: the header (salt, record size, the sender's public key), then the key
 * and nonce derived from the ECDH secret and the device's auth secret, then AES-128-GCM.
 */
export function decryptAes128gcm(
  body: Buffer,
  device: { privateKey: Buffer; publicKey: Buffer; auth: Buffer },
): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const shared = ecdh.computeSecret(senderPublic);
  // RFC 8291 §3.4: IKM from the ECDH secret, keyed by the auth secret, bound to both keys.
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.publicKey,
    senderPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(device.auth, shared), keyInfo);
  // RFC 8188 §2.2–2.3: the content key and the nonce from the salt.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm message');
  return padded.subarray(0, end);
}

/**
 * A push service of a test's own on 127.0.0.1 with a device's keys (P-256 and an auth secret):
 * it keeps what it receives, decrypted, and answers with the statuses the test queues (201
 * when none).
 */
export async function startPushReceiver() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const device = {
    privateKey: ecdh.getPrivateKey(),
    publicKey: ecdh.getPublicKey(),
    auth: randomBytes(16),
  };
  const received: ReceivedPush[] = [];
  const answers: { status: number; headers?: Record<string, string> }[] = [];
  let waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = answers.shift() ?? { status: 201 };
      if (answer.status === 201) {
        received.push({
          path: req.url ?? '',
          headers: req.headers,
          payload: JSON.parse(decryptAes128gcm(Buffer.concat(chunks), device).toString('utf8')),
          at: Date.now(),
        });
        for (const wake of waiters) wake();
        waiters = [];
      }
      res.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let devices = 0;
  return {
    origin,
    received,
    /** A new device's subscription, as `PushSubscription.toJSON()` gives it. */
    subscription: () => ({
      endpoint: `${origin}/push/${++devices}`,
      keys: {
        p256dh: device.publicKey.toString('base64url'),
        auth: device.auth.toString('base64url'),
      },
    }),
    /** The statuses the next pushes get, in turn. */
    answer: (...next: { status: number; headers?: Record<string, string> }[]) =>
      void answers.push(...next),
    /** Resolves once `count` pushes were received, or rejects after `ms`. */
    async waitFor(count: number, ms = 5_000): Promise<ReceivedPush[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${received.length} of ${count} pushes arrived in ${ms} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
