import { RequestError } from '../../supabase/request-error';
import { showFlash } from './flash-store';

/** The specs' report of a failed request: the error text, then the request address in brackets. */
export function formatFailedRequest(text: string, path: string): string {
  return path ? `${text} (${path})` : text;
}

/** The flash text for any failure: `Not found (/rest/v1/cars?id=eq.5)` for a failed request. */
export function requestErrorText(failure: unknown): string {
  if (failure instanceof RequestError) return formatFailedRequest(failure.message, failure.path);
  if (failure instanceof Error) return failure.message;
  return typeof failure === 'string' ? failure : 'Unexpected error';
}

/** Flashes a failed load or save as the admin screens do. */
export function flashRequestError(failure: unknown): void {
  showFlash(requestErrorText(failure), 'alert');
}
