import { useEffect, useState } from 'react';
import { markTopicJoined, markTopicLeft } from '@/shared/realtime/joined-topics';
import { liveTopics, type LivePosition } from '@/shared/realtime/live-topics';
import type { RealtimeChannel, REALTIME_SUBSCRIBE_STATES } from '@supabase/realtime-js';
import { realtimeClient } from '@/shared/supabase/realtime-client';
import { getTruckLocation } from '../api/tracking-queries';
import type { TrackedCar } from '../model/tracking-stop';
import { createTruckFeed, type TruckFeed, type TruckFix } from '@/shared/map/truck-feed';

/** Spec 9: the truck's position is polled every 5 s when the live channel is not joined. */
export const TRUCK_POLL_MS = 5_000;

export type TruckFeedMode = 'none' | 'live' | 'polling';

function fixOf(car: TrackedCar | null): TruckFix | null {
  return car && car.lat !== null && car.lng !== null
    ? { lat: car.lat, lng: car.lng, heading: null, recordedAt: car.recorded_at }
    : null;
}

/**
 * The truck of the stop's plan event, live: the stop's truck broadcast `stop:<uuid>:truck` while its channel is
 * joined (the database lets the public follow a truck only for a stop whose visit is not done), and a poll of the
 * stop's truck every 5 s whenever it is not (socket down, not yet joined, or refused). Mount it once per truck
 * (key the caller by car id).
 */
export function useTruckFeed(
  stopUuid: string,
  car: TrackedCar | null,
  /**
   * What the live channel waits for before its code loads (the tracking page: its map's first picture, so that on
   * a phone the realtime code and socket do not compete with the map; polling covers the wait).
   */
  waitFor: () => Promise<unknown> = () => Promise.resolve(),
): { feed: TruckFeed; mode: TruckFeedMode } {
  const carId = car?.id ?? null;
  // One feed per mount (the page mounts its map again for another truck); each answer of the stop query (every
  // minute) offers its fix, which the feed keeps only when it is newer than what it has.
  const [feed] = useState(() => createTruckFeed(null));
  const [joined, setJoined] = useState(false);
  // Read once: an inline function from the caller must not rejoin the channel on every render.
  const [liveAfter] = useState(() => waitFor);

  useEffect(() => {
    const fix = fixOf(car);
    if (fix) feed.set(fix);
  }, [feed, car]);

  useEffect(() => {
    if (carId === null) return;
    const topic = liveTopics.stopTruck(stopUuid);
    let marked = false;
    let left = false;
    let channel: RealtimeChannel | undefined;
    // Realtime loads after the page's first answer; the page may be gone by the time it has (polling covers it).
    const started = liveAfter().catch(() => undefined);
    void started
      .then(() => realtimeClient())
      .then(async (realtime) => {
        if (left) return;
        const joining = realtime
          .channel(topic, { config: { private: true } })
          .on('broadcast', { event: 'position' }, ({ payload }: { payload: LivePosition }) => {
            feed.set({ lat: payload.lat, lng: payload.lng, heading: payload.heading, recordedAt: payload.recorded_at });
          });
        channel = joining;
        await realtime.setAuth();
        if (left) return;
        joining.subscribe((status: `${REALTIME_SUBSCRIBE_STATES}`) => {
          const isJoined = status === 'SUBSCRIBED';
          setJoined(isJoined);
          if (isJoined && !marked) markTopicJoined(topic);
          if (!isJoined && marked) markTopicLeft(topic);
          marked = isJoined;
        });
      });
    return () => {
      left = true;
      if (marked) markTopicLeft(topic);
      setJoined(false);
      if (channel) {
        const joined = channel;
        void realtimeClient().then((realtime) => realtime.removeChannel(joined));
      }
    };
  }, [carId, stopUuid, feed, liveAfter]);

  useEffect(() => {
    if (carId === null || joined) return;
    let stopped = false;
    const poll = async () => {
      try {
        const fix = fixOf(await getTruckLocation(stopUuid));
        if (fix && !stopped) feed.set(fix);
      } catch {
        // Spec 8: polling failures are silent; the next tick tries again.
      }
    };
    void poll();
    const timer = window.setInterval(() => void poll(), TRUCK_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [carId, joined, stopUuid, feed]);

  return { feed, mode: carId === null ? 'none' : joined ? 'live' : 'polling' };
}
