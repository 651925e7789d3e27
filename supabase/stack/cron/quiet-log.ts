import { log } from '../shared/log.ts';

const REPEAT_AFTER_MS = 60_000;

/**
 * The cron log, but a message that repeats (Postgres down: every tick fails the same way) is
 * printed once a minute instead of once a second.
 */
export function createCronLog(): (message: string) => void {
  const lastSeen = new Map<string, number>();
  return (message) => {
    const now = Date.now();
    const previous = lastSeen.get(message);
    if (previous !== undefined && now - previous < REPEAT_AFTER_MS) return;
    lastSeen.set(message, now);
    if (lastSeen.size > 500) lastSeen.clear();
    log('cron', message);
  };
}
