import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { markTopicJoined, markTopicLeft } from '@/shared/realtime/joined-topics';
import { liveTopics, type LivePosition } from '@/shared/realtime/live-topics';
import { realtimeClient } from '@/shared/supabase/realtime-client';
import { createTruckFeed, type TruckFeed, type TruckFix } from '@/shared/map/truck-feed';

/** Visits and the trail follow the fixes within a second or two; the report is read again at most this often. */
export const REPORT_REFRESH_MS = 5_000;

interface LiveTruckOptions {
  depoId: number;
  carId: number;
  /** Follow the truck only while it is on the road (the trip started and has not finished). */
  onRoad: boolean;
  /** Where the report last saw the truck. */
  lastKnown: TruckFix | null;
  /** The report's query, read again after the truck moved (its visits and trail change with the fixes). */
  reportKey: QueryKey;
}

/**
 * The truck of the plan event, live: the depo's position broadcasts (`depo:<id>:car_positions`, event
 * 'positions', every fix of a GPS batch) filtered to this car, as the staff's other live screens get them.
 */
export function useLiveTruck({ depoId, carId, onRoad, lastKnown, reportKey }: LiveTruckOptions): TruckFeed {
  const [store] = useState(() => createTruckFeed());
  const queryClient = useQueryClient();
  const key = JSON.stringify(reportKey);

  useEffect(() => {
    if (lastKnown) store.set(lastKnown);
  }, [store, lastKnown]);

  useEffect(() => {
    if (!onRoad) return;
    const topic = liveTopics.depoCarPositions(depoId);
    const parsedKey = JSON.parse(key) as QueryKey;
    let joined = false;
    let left = false;
    let channel: RealtimeChannel | undefined;
    let refresh: number | undefined;
    const refreshReport = () => {
      if (refresh !== undefined) return;
      refresh = window.setTimeout(() => {
        refresh = undefined;
        void queryClient.invalidateQueries({ queryKey: parsedKey });
      }, REPORT_REFRESH_MS);
    };
    // Realtime loads after the page's first answer; the page may be gone by the time it has.
    void realtimeClient().then(async (realtime) => {
      if (left) return;
      const joining = realtime
        .channel(topic, { config: { private: true } })
        .on('broadcast', { event: 'positions' }, ({ payload }: { payload: { positions?: LivePosition[] } }) => {
          const own = (payload.positions ?? []).filter((fix) => fix.car_id === carId);
          if (own.length === 0) return;
          const newest = own.reduce((a, b) => (Date.parse(b.recorded_at) > Date.parse(a.recorded_at) ? b : a));
          store.set({ lat: newest.lat, lng: newest.lng, heading: newest.heading, recordedAt: newest.recorded_at });
          refreshReport();
        });
      channel = joining;
      // The socket must carry the user's token before a private join.
      await realtime.setAuth();
      if (left) return;
      joining.subscribe((status) => {
        if (status === 'SUBSCRIBED' && !joined) {
          joined = true;
          markTopicJoined(topic);
        } else if (status !== 'SUBSCRIBED' && joined) {
          joined = false;
          markTopicLeft(topic);
        }
      });
    });
    return () => {
      left = true;
      if (joined) markTopicLeft(topic);
      window.clearTimeout(refresh);
      if (channel) {
        const open = channel;
        void realtimeClient().then((realtime) => realtime.removeChannel(open));
      }
    };
  }, [depoId, carId, onRoad, key, store, queryClient]);

  return store;
}
