// Which fixes the GPS sync writes: a provider's fix dated ahead of now (a unit with a wrong clock) or older than a
// day would become the car's latest location on every map until a later fix overtook it. The same window as
// app_private.car_position_fix_window() in the database.
import type { GpsFix } from '../_shared/providers/gps.ts';

export const MAX_FIX_AGE_MS = 24 * 60 * 60 * 1000;
export const MAX_FIX_LEAD_MS = 2 * 60 * 1000;

/** Whether a fix is recent enough to write: at most 24 hours old and at most 2 minutes ahead of `now`. */
export function isFixInWindow(fix: Pick<GpsFix, 'recordedAt'>, now: Date): boolean {
  const at = fix.recordedAt.getTime();
  return Number.isFinite(at) && at <= now.getTime() + MAX_FIX_LEAD_MS && at >= now.getTime() - MAX_FIX_AGE_MS;
}
