import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { stackInfo } from './stack-info.ts';

/** An e-mail the Auth stand-in "sent": one JSON file per mail in the stack's outbox folder. */
export interface OutboxMail {
  type: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  link: string;
  token: string;
  token_hash: string;
  redirect_to: string;
  sent_at: string;
}

/** The newest e-mail of a kind to an address in the stack's mail outbox, waiting for it to arrive. */
export async function latestMail(to: string, type: string, timeoutMs = 5000): Promise<OutboxMail> {
  const dir = stackInfo().mailOutboxDir;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(dir).catch(() => [] as string[]);
    const mails: OutboxMail[] = [];
    for (const name of names.filter((entry) => entry.endsWith('.json'))) {
      const mail = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as OutboxMail;
      if (mail.to === to && mail.type === type) mails.push(mail);
    }
    mails.sort((a, b) => a.sent_at.localeCompare(b.sent_at));
    if (mails.length > 0) return mails[mails.length - 1];
    if (Date.now() > deadline) throw new Error(`no ${type} mail to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
