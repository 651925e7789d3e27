import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { AppRole } from '@/shared/vocabulary/staff-vocabulary';
import { errorSentence } from '@/shared/errors/error-sentence';
import { failureKind } from '@/shared/errors/failure-kind';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import { SMS_STOP_REFUSED, SMS_STOPPED } from '@/shared/sms/stop-sending-sms';
import { useConvertToRoute } from '../api/convert-to-route';
import type { ReportHeader } from '../api/plan-event-report';
import { useStopSendingSms } from '../api/stop-sms';

export const CONVERTED = 'Route successfully converted!';

export interface ReportMenuProps {
  slug: string;
  role: AppRole;
  planEvent: ReportHeader;
}

/**
 * The report's menu (spec §2, §6): everyone opens the Heatmap; admins convert the trip to a route (with or without
 * the unvisited stops) and stop its SMS; the other roles stop SMS only, and drivers not even that. The database
 * decides in the end: a refusal shows the spec's sentence.
 */
export function ReportMenu({ slug, role, planEvent }: ReportMenuProps) {
  const convert = useConvertToRoute(slug, planEvent.depo_id, planEvent.id);
  const stopSms = useStopSendingSms(slug, planEvent.depo_id, planEvent.id);
  const lock = useSubmitLock();
  const [busy, setBusy] = useState(false);
  const [smsStopped, setSmsStopped] = useState(false);

  const run = async (work: () => Promise<void>, failureText: (failure: unknown) => string) => {
    if (!lock.acquire()) return;
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      showFlash(failureText(failure), 'alert');
    } finally {
      lock.release();
      setBusy(false);
    }
  };

  const convertTo = (withUnvisitedStops: boolean) =>
    void run(
      async () => {
        await convert.mutateAsync({ planEventId: planEvent.id, withUnvisitedStops });
        showFlash(CONVERTED);
      },
      (failure) => errorSentence(failure),
    );

  const stop = () =>
    void run(
      async () => {
        await stopSms.mutateAsync(planEvent.id);
        setSmsStopped(true);
        showFlash(SMS_STOPPED);
      },
      (failure) => (failureKind(failure) === 'permission' ? SMS_STOP_REFUSED : errorSentence(failure)),
    );

  const canConvert = role === 'admin' && planEvent.converted_route_id === null;
  // Spec §4 "SMS list": hidden for drivers and once used.
  const canStopSms = role !== 'driver' && planEvent.sms_stopped_at === null && !smsStopped;
  return (
    <nav className="plan-event-report__menu" aria-label="Plan event menu">
      <Link
        className="button"
        to="/$tenant/depo/$depoId/plan_events/$planEventId/heat_map"
        params={{ tenant: slug, depoId: planEvent.depo_id, planEventId: planEvent.id }}
      >
        Heatmap
      </Link>
      {canConvert && (
        <>
          <SecondaryButton disabled={busy} onClick={() => convertTo(false)}>
            Convert to route
          </SecondaryButton>
          <SecondaryButton disabled={busy} onClick={() => convertTo(true)}>
            Convert to route with unvisited stops
          </SecondaryButton>
        </>
      )}
      {canStopSms && (
        <SecondaryButton disabled={busy} onClick={stop}>
          Stop SMS
        </SecondaryButton>
      )}
    </nav>
  );
}
