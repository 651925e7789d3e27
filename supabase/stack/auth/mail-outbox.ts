import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { log } from '../shared/log.ts';

/** What GoTrue's e-mail is about; the verify link's `type`. */
export type MailType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

/** One e-mail "sent" by the local stack: a JSON file developers and tests read instead of an inbox. */
export interface OutboxMail {
  id: string;
  type: MailType;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The link the e-mail asks the user to follow (GoTrue's ConfirmationURL). */
  link: string;
  /** The one-time code the e-mail carries, for verifyOtp({ email, token, type }). */
  token: string;
  /** The hashed token in the link, for verifyOtp({ token_hash, type }). */
  token_hash: string;
  redirect_to: string;
  sent_at: string;
}

const SUBJECTS: Record<MailType, string> = {
  signup: 'Confirm your email address',
  invite: "You've been invited",
  recovery: 'Reset your password',
  magiclink: 'Your sign-in link',
  email_change: 'Confirm your new email address',
};

const INTROS: Record<MailType, [string, string, string]> = {
  signup: [
    'Confirm your email address',
    'Follow the link below to confirm this email address and finish signing up.',
    'Confirm email address',
  ],
  invite: [
    "You've been invited",
    "You've been invited to create an account. Follow the link below to accept.",
    'Accept invitation',
  ],
  recovery: [
    'Reset your password',
    'We received a request to reset your password. Follow the link below to choose a new one.',
    'Reset password',
  ],
  magiclink: [
    'Your sign-in link',
    'Follow the link below to sign in. This link expires shortly and can only be used once.',
    'Sign in',
  ],
  email_change: [
    'Confirm your new email address',
    'Follow the link below to confirm this as your new email address.',
    'Confirm new email address',
  ],
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Writes the e-mail into the outbox folder; the file appears whole (written aside, then renamed). */
export async function sendMail(
  outboxDir: string,
  mail: { type: MailType; to: string; link: string; token: string; tokenHash: string; redirectTo: string },
): Promise<OutboxMail> {
  const sentAt = new Date();
  const id = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${mail.type}-${randomBytes(4).toString('hex')}`;
  const [heading, intro, action] = INTROS[mail.type];
  const record: OutboxMail = {
    id,
    type: mail.type,
    to: mail.to,
    subject: SUBJECTS[mail.type],
    html: `<h2>${heading}</h2>\n\n<p>${intro}</p>\n<p><a href="${escapeHtml(mail.link)}">${action}</a></p>\n<p>Or enter this code: ${mail.token}</p>`,
    text: `${heading}\n\n${intro}\n${action}: ${mail.link}\n\nOr enter this code: ${mail.token}\n`,
    link: mail.link,
    token: mail.token,
    token_hash: mail.tokenHash,
    redirect_to: mail.redirectTo,
    sent_at: sentAt.toISOString(),
  };
  await mkdir(outboxDir, { recursive: true });
  const file = path.join(outboxDir, `${id}.json`);
  const partial = `${file}.partial`;
  await writeFile(partial, `${JSON.stringify(record, null, 2)}\n`);
  await rename(partial, file);
  log('auth', `mail to ${mail.to}: ${record.subject} (${file})`);
  return record;
}
