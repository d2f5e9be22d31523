import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../html.ts';
import type { MailMessage, MailTransport } from './mail-transport.ts';

export const MAIL_CAPTURE_PREFIX = '/emulators/mail';

export type CapturedMail = MailMessage & { id: string; sentAt: string };

/** How many messages the outbox page and its JSON list show, newest first. */
const LIST_LIMIT = 100;

/**
 * The demo's and the tests' mail server: each message is written as a JSON file under
 * `DATA_DIR/mail-outbox` (it survives a restart) and shown at /emulators/mail, so a reset or
 * verification link can be followed without a real mailbox. Never for production: anyone who
 * can open that page can follow anyone's reset link.
 */
export function createCaptureTransport(dir: string) {
  // Orders the messages of one millisecond as they were sent.
  let sequence = 0;
  const transport: MailTransport = {
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      const sentAt = new Date().toISOString();
      sequence = (sequence + 1) % 1_000_000;
      const order = String(sequence).padStart(6, '0');
      const id = `${sentAt.replace(/[-:.]/g, '')}-${order}-${randomUUID()}`;
      const mail: CapturedMail = { id, sentAt, ...message };
      // Written whole then renamed, so a reader never sees half a message.
      const file = path.join(dir, `${id}.json`);
      await fs.writeFile(`${file}.tmp`, JSON.stringify(mail));
      await fs.rename(`${file}.tmp`, file);
    },
  };

  async function list(to?: string): Promise<CapturedMail[]> {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const newest = names
      .filter((n) => n.endsWith('.json'))
      .sort()
      .reverse();
    const found: CapturedMail[] = [];
    for (const name of newest) {
      if (found.length >= LIST_LIMIT) break;
      const mail = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as CapturedMail;
      if (!to || mail.to.toLowerCase() === to.toLowerCase()) found.push(mail);
    }
    return found;
  }

  const routes: FastifyPluginAsync = async (app) => {
    const hidden = { schema: { hide: true } };
    app.get(
      '/messages',
      { schema: { hide: true, querystring: z.object({ to: z.string().max(320).optional() }) } },
      async (req) => ({ messages: await list((req.query as { to?: string }).to) }),
    );
    app.get('/', hidden, async (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(outboxPage(await list())),
    );
  };

  return { transport, list, routes };
}

/** The text of a message with its links made clickable. */
const linked = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function outboxPage(mails: CapturedMail[]): string {
  const items = mails
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${m.sentAt}">${m.sentAt}</time></p>
<pre>${linked(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Mail outbox (demo)</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:24px auto;padding:0 16px;color:#1f2933}
article{border:1px solid #cbd2d9;border-radius:8px;padding:12px 16px;margin-block:12px}
h2{font-size:1.1rem;margin:0 0 4px}.meta{color:#52606d;margin:0 0 8px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;margin:0}</style></head>
<body><h1>Mail outbox (demo)</h1>
<p>The e-mails this server sent, newest first. Shown here because no SMTP server is configured (SMTP_HOST); see docs/deployment.md.</p>
${items || '<p>No e-mail sent yet.</p>'}
</body></html>`;
}
