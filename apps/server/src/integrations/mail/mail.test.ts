import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createCaptureTransport } from './capture.ts';
import { createSmtpTransport } from './smtp.ts';

type Received = { from: string; to: string[]; data: string; user: string | undefined };

describe('the SMTP transport', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    // A real SMTP server on a loopback port: what nodemailer sends is what a mail server gets.
    server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'secret') {
          callback(null, { user: auth.username });
        } else callback(new Error('bad credentials'));
      },
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
            user: typeof session.user === 'string' ? session.user : undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const config = (password: string) => ({
    host: '127.0.0.1',
    port,
    secure: false,
    user: 'mailer',
    password,
    from: 'Back office <no-reply@example.com>',
  });

  it('delivers the message with its sender, recipient, subject and both parts', async () => {
    const smtp = createSmtpTransport(config('secret'));
    await smtp.send({
      to: 'owner@example.com',
      subject: 'Reset your password',
      text: 'Choose a new password: https://admin.example.com/oidc/password-reset/new?token=abc',
      html: '<p>Choose a new password</p>',
    });
    smtp.close();
    const [mail] = received;
    expect(mail).toMatchObject({
      from: 'no-reply@example.com',
      to: ['owner@example.com'],
      user: 'mailer',
    });
    expect(mail?.data).toContain('Subject: Reset your password');
    expect(mail?.data).toContain('Content-Type: text/plain');
    expect(mail?.data).toContain('Content-Type: text/html');
  });

  it('rejects when the server refuses the credentials', async () => {
    const smtp = createSmtpTransport(config('wrong'));
    await expect(
      smtp.send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow();
    smtp.close();
  });
});

describe('the capture outbox', () => {
  it('keeps messages as files, newest first, filtered by recipient', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const capture = createCaptureTransport(dir);
    await capture.transport.send({ to: 'A@example.com', subject: 'one', text: '1', html: '' });
    await capture.transport.send({ to: 'b@example.com', subject: 'two', text: '2', html: '' });
    await capture.transport.send({ to: 'a@example.com', subject: 'three', text: '3', html: '' });
    expect((await capture.list()).map((m) => m.subject)).toEqual(['three', 'two', 'one']);
    expect((await capture.list('a@example.com')).map((m) => m.subject)).toEqual(['three', 'one']);
    // A second outbox on the same folder (a restart) reads them back.
    expect(await createCaptureTransport(dir).list()).toHaveLength(3);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('the mail configuration', () => {
  const base = { DATA_DIR: '/tmp/d', LOG_LEVEL: 'silent' };
  it('uses SMTP when SMTP_HOST is set, port 587 by default and 465 with SMTP_SECURE', () => {
    expect(loadConfig({ ...base, SMTP_HOST: 'smtp.example.com' }).mail).toMatchObject({
      kind: 'smtp',
      port: 587,
      secure: false,
    });
    expect(
      loadConfig({ ...base, SMTP_HOST: 'smtp.example.com', SMTP_SECURE: 'true' }).mail,
    ).toMatchObject({ port: 465, secure: true });
  });

  it('captures in the data folder only when MAIL_CAPTURE asks, never in production', () => {
    expect(loadConfig(base).mail).toEqual({ kind: 'none' });
    expect(loadConfig({ ...base, MAIL_CAPTURE: 'true' }).mail).toEqual({
      kind: 'capture',
      dir: '/tmp/d/mail-outbox',
      from: 'Restaurant back office <no-reply@localhost>',
    });
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).mail).toEqual({ kind: 'none' });
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', MAIL_CAPTURE: 'true' })).toThrow(
      /MAIL_CAPTURE=true/,
    );
    expect(() =>
      loadConfig({ ...base, SMTP_HOST: 'smtp.example.com', MAIL_CAPTURE: 'true' }),
    ).toThrow(/MAIL_CAPTURE/);
  });
});
