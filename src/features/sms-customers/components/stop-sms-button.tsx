import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SMS_STOP_REFUSED, SMS_STOPPED, stopSendingSms } from '@/shared/sms/stop-sending-sms';
import { errorSentence } from '@/shared/errors/error-sentence';
import { failureKind } from '@/shared/errors/failure-kind';
import { useSubmitLock } from '@/shared/forms/use-submit-lock';
import { showFlash } from '@/shared/ui/flash/flash-store';
import { SecondaryButton } from '@/shared/ui/form-fields/form-buttons';
import type { AppRole } from '@/shared/vocabulary/staff-vocabulary';
import type { SmsPlanEvent } from '../api/sms-customers-data';
import { planEventSmsCustomersKey } from '../api/sms-customers-queries';

/**
 * Stop SMS (spec §4 "SMS list"): hidden for drivers, once clicked, and when the plan event's SMS can no longer be
 * stopped; the database refuses those cases too, with the spec's sentence.
 */
export function StopSmsButton({ slug, role, planEvent }: { slug: string; role: AppRole; planEvent: SmsPlanEvent }) {
  const queryClient = useQueryClient();
  const lock = useSubmitLock();
  const [used, setUsed] = useState(false);
  const [busy, setBusy] = useState(false);
  if (role === 'driver' || !planEvent.can_be_stopped || used) return null;

  const stop = async () => {
    if (!lock.acquire()) return;
    setBusy(true);
    try {
      await stopSendingSms(planEvent.id);
      setUsed(true);
      showFlash(SMS_STOPPED);
    } catch (failure) {
      showFlash(failureKind(failure) === 'permission' ? SMS_STOP_REFUSED : errorSentence(failure), 'alert');
    } finally {
      lock.release();
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: planEventSmsCustomersKey(slug, planEvent.depo_id, planEvent.id) });
    }
  };
  return (
    <SecondaryButton disabled={busy} onClick={() => void stop()}>
      Stop SMS
    </SecondaryButton>
  );
}
