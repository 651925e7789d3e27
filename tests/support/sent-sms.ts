import { asPostgres } from './clients.ts';

export interface SentSms {
  id: number;
  kind: string;
  text: string;
  status: string;
}

/**
 * The SMS sent to a phone, newest first, as the outbox keeps them (with the local provider the outbox is the
 * provider: a message is sent once it is there). `kind` narrows to one kind (opt_in_code, unsubscribe_link, ...).
 */
export async function smsSentTo(phone: string, kind?: string): Promise<SentSms[]> {
  return asPostgres(async (db) => {
    const { rows } = await db.query<SentSms>(
      `select id::int, kind, text, status::text from public.sms_outbox
        where phone = $1 and ($2::text is null or kind = $2) order by id desc`,
      [phone, kind ?? null],
    );
    return rows;
  });
}

/** The 6-digit code of the newest confirmation SMS to a phone; waits (without a fixed sleep) until it is there. */
export async function latestCodeSentTo(phone: string, { after = 0, timeoutMs = 15_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [newest] = await smsSentTo(phone, 'opt_in_code');
    const code = newest && newest.id > after ? /\b(\d{6})\b/.exec(newest.text)?.[1] : undefined;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no confirmation code was sent to ${phone}`);
    // The outbox row is written in the request's own transaction; a short poll only covers the commit's arrival.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The id of the newest SMS of a kind to a phone (0 when none): a later code is newer than this. */
export async function newestSmsId(phone: string, kind = 'opt_in_code'): Promise<number> {
  return (await smsSentTo(phone, kind))[0]?.id ?? 0;
}
