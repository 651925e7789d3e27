import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { realtimeClient } from '@/shared/supabase/realtime-client';
import { markTopicJoined, markTopicLeft } from './joined-topics';

/**
 * Keeps a screen live: while it is mounted, any row change the database broadcasts on `topic` marks the
 * queries under `queryKey` stale, so TanStack Query refetches what is on screen (usually well within a
 * second). The channel is private: the database's realtime.messages policies decide who may listen.
 */
export function useLiveInvalidation(topic: string | undefined, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!topic) return;
    const parsedKey = JSON.parse(key) as QueryKey;
    let isJoined = false;
    let left = false;
    let channel: RealtimeChannel | undefined;
    const leave = () => {
      if (isJoined) markTopicLeft(topic);
      isJoined = false;
    };
    // Realtime loads after the screen's first rows; the screen may be gone by the time it has.
    void realtimeClient().then(async (realtime) => {
      if (left) return;
      const joining = realtime.channel(topic, { config: { private: true } }).on('broadcast', { event: '*' }, () => {
        void queryClient.invalidateQueries({ queryKey: parsedKey });
      });
      channel = joining;
      // The socket must carry the user's token before a private join.
      await realtime.setAuth();
      if (left) return;
      joining.subscribe((status) => {
        if (status === 'SUBSCRIBED' && !isJoined) {
          isJoined = true;
          markTopicJoined(topic);
        } else if (status !== 'SUBSCRIBED') leave();
      });
    });
    return () => {
      left = true;
      leave();
      if (channel) {
        const joined = channel;
        void realtimeClient().then((realtime) => realtime.removeChannel(joined));
      }
    };
  }, [topic, key, queryClient]);
}
