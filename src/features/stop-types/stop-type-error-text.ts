import { requestErrorText } from '@/shared/ui/flash/request-error-text';

/** Stop types flash a failed save as the joined full errors followed by the page's address. */
export function stopTypeErrorText(failure: unknown): string {
  return requestErrorText(failure, { action: 'edit', resource: 'stop types' });
}
