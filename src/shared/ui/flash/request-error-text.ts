import { currentPagePath, errorSentence } from '../../errors/error-sentence';
import type { FailureContext } from '../../errors/form-errors';
import { showFlash } from './flash-store';

/** The specs' report of a failed request: the error text, then the address (the page's path) in brackets. */
export function formatFailedRequest(text: string, path: string): string {
  return path ? `${text} (${path})` : text;
}

/** The text for any failure: `Not found (/hjem-is/admin/depo/4/customers/9/edit)`; no server or API text. */
export function requestErrorText(failure: unknown, context: FailureContext = {}, pagePath = currentPagePath()): string {
  return formatFailedRequest(errorSentence(failure, context), pagePath);
}

/** Flashes a failed load or save as the admin screens do. */
export function flashRequestError(failure: unknown, context: FailureContext = {}): void {
  showFlash(requestErrorText(failure, context), 'alert');
}
