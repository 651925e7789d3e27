import { fullErrorsText, toFormErrors } from '@/shared/errors/form-errors';
import { RequestError } from '@/shared/supabase/request-error';
import { formatFailedRequest, requestErrorText } from '@/shared/ui/flash/request-error-text';

/** Stop types flash a failed save as the joined full errors followed by the request address. */
export function stopTypeErrorText(failure: unknown): string {
  const joined = fullErrorsText(toFormErrors(failure));
  if (!joined) return requestErrorText(failure);
  return failure instanceof RequestError ? formatFailedRequest(joined, failure.path) : joined;
}
