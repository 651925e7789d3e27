import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { markTopicJoined, markTopicLeft } from '@/shared/realtime/joined-topics';
import { liveTopics } from '@/shared/realtime/live-topics';
import { realtimeClient } from '@/shared/supabase/realtime-client';
import { calendarWeeksKey } from './api/calendar-week';

/** Presence updates at most every 6.5 s: 5 in 30 s is Realtime's limit per channel (the join's track included). */
const PRESENCE_GAP_MS = 6_500;

/** What each open calendar shares by Presence: who, which week, and the cell they are editing if any. */
export interface CalendarPresence {
  user_id: string;
  email: string;
  week: string;
  /** `<car id>:<date>` of the cell in edit mode, or null. */
  cell: string | null;
}

/**
 * The calendar as a shared live board: the database announces every change of the depo's plan events on
 * `depo:<depo>:plan_event_calendar` ('plan_events_changed'), and each open calendar reloads its weeks; Presence
 * on the same topic tells who else looks at which week and edits which cell.
 */
export function useCalendarLive(slug: string, depoId: number, me: CalendarPresence): CalendarPresence[] {
  const queryClient = useQueryClient();
  const [others, setOthers] = useState<CalendarPresence[]>([]);
  const channelRef = useRef<RealtimeChannel | undefined>(undefined);
  const meRef = useRef(me);
  /** When presence was last sent, to space updates out. */
  const lastTrack = useRef(0);
  const { user_id: userId, email, week, cell } = me;

  useEffect(() => {
    const topic = liveTopics.depo(depoId, 'plan_event_calendar');
    let left = false;
    let marked = false;
    void realtimeClient().then(async (realtime) => {
      if (left) return;
      const channel = realtime.channel(topic, { config: { private: true, presence: { key: userId } } });
      channelRef.current = channel;
      channel
        .on('presence', { event: 'sync' }, () => {
          const state = channel.presenceState<CalendarPresence>();
          setOthers(
            Object.values(state)
              .flat()
              .filter((entry) => entry.user_id !== userId)
              .map(({ user_id, email: theirEmail, week: theirWeek, cell: theirCell }) => ({
                user_id,
                email: theirEmail,
                week: theirWeek,
                cell: theirCell,
              }))
              .sort((a, b) => a.email.localeCompare(b.email)),
          );
        })
        .on('broadcast', { event: 'plan_events_changed' }, () => {
          void queryClient.invalidateQueries({ queryKey: calendarWeeksKey(slug, depoId) });
        });
      await realtime.setAuth();
      if (left) return;
      channel.subscribe((status) => {
        if (status !== 'SUBSCRIBED') return;
        if (!marked && !left) {
          marked = true;
          markTopicJoined(topic);
        }
        // A change made while we were away (or before the socket joined) is read again now.
        void queryClient.invalidateQueries({ queryKey: calendarWeeksKey(slug, depoId) });
        lastTrack.current = Date.now();
        void channel.track(meRef.current);
      });
    });
    return () => {
      left = true;
      if (marked) markTopicLeft(topic);
      setOthers([]);
      const channel = channelRef.current;
      channelRef.current = undefined;
      if (channel) void realtimeClient().then((realtime) => realtime.removeChannel(channel));
    };
  }, [slug, depoId, userId, queryClient]);

  // A new week or edited cell is shared on the joined channel, at most once per PRESENCE_GAP_MS with the latest
  // state: Realtime allows 5 presence events per channel in 30 s and answers more with an error, so quick clicks
  // through cells must not cost the board its channel.
  useEffect(() => {
    meRef.current = { user_id: userId, email, week, cell };
    const wait = Math.max(0, lastTrack.current + PRESENCE_GAP_MS - Date.now());
    const timer = setTimeout(() => {
      const channel = channelRef.current;
      if (!channel) return;
      lastTrack.current = Date.now();
      void channel.track(meRef.current);
    }, wait);
    return () => clearTimeout(timer);
  }, [userId, email, week, cell]);

  return others;
}
