import { useEffect, useRef, useState } from 'react';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { liveTopics } from '@/shared/realtime/live-topics';
import { realtimeClient } from '@/shared/supabase/realtime-client';

interface EditorPresence {
  user_id: string;
  email: string;
}

/**
 * Who else has this route open (Presence on the route's private topic `depo:<depo>:route:<route>`), and a call
 * when someone saves it (the database's 'route_saved' broadcast on the same topic).
 */
export function useRoutePresence(
  depoId: number,
  routeId: number,
  me: EditorPresence,
  onSaved: (version: number) => void,
): string[] {
  const [others, setOthers] = useState<string[]>([]);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  }, [onSaved]);
  const { user_id: userId, email } = me;

  useEffect(() => {
    const topic = liveTopics.depo(depoId, `route:${routeId}`);
    let left = false;
    let channel: RealtimeChannel | undefined;
    void realtimeClient().then(async (realtime) => {
      if (left) return;
      const joining = realtime.channel(topic, { config: { private: true, presence: { key: userId } } });
      channel = joining;
      joining
        .on('presence', { event: 'sync' }, () => {
          const state = joining.presenceState<EditorPresence>();
          const emails = Object.values(state)
            .flat()
            .filter((entry) => entry.user_id !== userId)
            .map((entry) => entry.email);
          setOthers([...new Set(emails)].sort());
        })
        .on('broadcast', { event: 'route_saved' }, ({ payload }) => {
          const version = Number((payload as { version?: unknown }).version);
          if (Number.isFinite(version)) onSavedRef.current(version);
        });
      await realtime.setAuth();
      if (left) return;
      joining.subscribe((status) => {
        if (status === 'SUBSCRIBED') void joining.track({ user_id: userId, email });
      });
    });
    return () => {
      left = true;
      setOthers([]);
      if (channel) {
        const joined = channel;
        void realtimeClient().then((realtime) => realtime.removeChannel(joined));
      }
    };
  }, [depoId, routeId, userId, email]);

  return others;
}
