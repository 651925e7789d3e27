import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '@/shared/supabase/client';
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
    const channel = supabase
      .channel(topic, { config: { private: true } })
      .on('broadcast', { event: '*' }, () => {
        void queryClient.invalidateQueries({ queryKey: parsedKey });
      });
    // The socket must carry the user's token before a private join; supabase-js sets it on sign-in,
    // this covers a page opened with a session restored from storage.
    let isJoined = false;
    const leave = () => {
      if (isJoined) markTopicLeft(topic);
      isJoined = false;
    };
    void supabase.realtime.setAuth().then(() =>
      channel.subscribe((status) => {
        if (status === 'SUBSCRIBED' && !isJoined) {
          isJoined = true;
          markTopicJoined(topic);
        } else if (status !== 'SUBSCRIBED') leave();
      }),
    );
    return () => {
      leave();
      void supabase.removeChannel(channel);
    };
  }, [topic, key, queryClient]);
}
