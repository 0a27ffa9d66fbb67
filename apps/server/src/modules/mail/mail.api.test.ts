import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from '../../adapters/mail/mail-transport';
import { queryRows } from '../../db/raw';
import { createTestApp, type TestApp } from '../../../test/harness';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free loopback port, keeping what it receives. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let test: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  test = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Levy <no-reply@levy.test>' },
  });
});
afterAll(async () => {
  await test.close();
  await smtp.close();
});

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('SMTP delivery', () => {
  it('sends the verification mail through the SMTP server and marks it sent', async () => {
    const email = 'smtp-check@example.ng';
    const registered = await test.call('POST', 'public', 'users/register', {
      body: {
        first_name: 'Funke',
        last_name: 'Ade',
        email,
        password: 'password-123',
        phone: '+2348030000000',
        marketing_source_id: 3,
      },
    });
    expect(registered.code).toBe('OK');
    const mail = await waitFor(() => smtp.received.find((item) => item.to.includes(email)));
    expect(mail.from).toBe('no-reply@levy.test');
    expect(mail.raw).toContain('Subject: Verify your email address for Levy');
    // Quoted-printable may fold long lines; unfold before looking for the link.
    const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toMatch(/http:\/\/levy\.test\/authenticate\?token=[\w-]{43}&purpose=verify_email/);

    const sent = await waitFor(async () => {
      const [row] = await queryRows<{ status: string; sent_at: string | null }>(
        test.database.db,
        sql`select status, sent_at from outbox where "to" = ${email}`,
      );
      return row?.status === 'sent' ? row : undefined;
    });
    expect(sent.sent_at).not.toBeNull();
  });

  it('sends an attachment as a MIME part with its name and type', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'Levy <no-reply@levy.test>');
    const content = Buffer.from('%PDF-1.7 a credit note');
    await transport.deliver({
      to: 'vendor@example.ng',
      subject: 'Credit note',
      text: 'Attached.',
      attachments: [{ filename: 'WHT-LA-2026-10-000001-2.pdf', contentType: 'application/pdf', content }],
    });
    transport.close();
    const mail = await waitFor(() => smtp.received.find((item) => item.to.includes('vendor@example.ng')));
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=WHT-LA-2026-10-000001-2\.pdf/);
    expect(mail.raw).toMatch(/Content-Disposition: attachment; filename=WHT-LA-2026-10-000001-2\.pdf/);
    expect(mail.raw).toContain(content.toString('base64'));
  });
});
