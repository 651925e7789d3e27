import { asPostgres } from './clients.ts';

/**
 * Waits until the GPS fixes written for these cars (all the tenant's when no ids are given) have been applied (latest location, visits, trail...):
 * the insert only broadcasts them and queues them, and a cron job drains the queue every second
 * (migration 20261125020000_position_queue.sql).
 */
export async function positionsApplied(
  cars: { tenantId: string; carIds?: number[] },
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const waiting = await asPostgres(async (db) =>
      Number(
        (
          await db.query<{ n: string }>(
            'select count(*) as n from app_private.car_position_queue where tenant_id = $1 and ($2::bigint[] is null or car_id = any ($2::bigint[]))',
            [cars.tenantId, cars.carIds ?? null],
          )
        ).rows[0].n,
      ),
    );
    if (waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${waiting} queued GPS fixes to be applied`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
