import { asPostgres } from './clients.ts';

/**
 * Waits until the database clock's current fixed window (the public rate limits count calls in windows that
 * start at multiples of `windowSeconds` since the epoch: :00, :10, :20... for 10 minutes) has `needSeconds`
 * left. A test that makes N calls and expects the (N+1)th refused must make them all in one window: one that
 * starts while the calls run counts them afresh, and the refusal never comes.
 */
export async function roomInFixedWindow(windowSeconds: number, needSeconds: number): Promise<void> {
  for (;;) {
    const left = await asPostgres(async (db) =>
      Number(
        (
          await db.query<{ left: string }>(
            'select $1::numeric - mod(extract(epoch from clock_timestamp()), $1::numeric) as left',
            [windowSeconds],
          )
        ).rows[0].left,
      ),
    );
    if (left >= needSeconds) return;
    // The next window starts in `left` seconds; it is checked again then.
    await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, left * 1_000 + 50)));
  }
}
