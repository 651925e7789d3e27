import { RequestError } from '@/shared/supabase/request-error';

/** The status the spec's failure text names: the provider's (the function passes it on), else the call's own. */
export function etaFailureStatus(failure: unknown): string | number {
  if (failure instanceof RequestError) {
    const upstream = (failure.body as { status?: unknown } | null)?.status;
    return typeof upstream === 'number' ? upstream : failure.status;
  }
  return 'error';
}
