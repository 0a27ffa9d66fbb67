import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments: MailAttachment[];
}

/** Delivers one mail. Sandbox and SMTP implementations; callers never know which. */
export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  deliver(message: MailMessage): Promise<void>;
  close(): void;
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async deliver(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments,
      });
    },
    close: () => transporter.close(),
  };
}

/** Development: the mail stays in the outbox (the development mailbox shows it) and is logged. */
export function createLogTransport(log: (line: string) => void): MailTransport {
  return {
    kind: 'log',
    async deliver(message) {
      const attached = message.attachments.map((attachment) => attachment.filename).join(', ');
      log(`Mail to ${message.to}: ${message.subject}${attached ? ` (attached: ${attached})` : ''}`);
    },
    close: () => undefined,
  };
}
