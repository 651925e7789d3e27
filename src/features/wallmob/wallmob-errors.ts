import { fullErrorsText, toFormErrors } from '@/shared/errors/form-errors';
import { requestErrorText } from '@/shared/ui/flash/request-error-text';

/** Products show the joined errors (`Number has already been taken`), else the request's error text. */
export function joinedWallmobErrors(failure: unknown): string {
  return fullErrorsText(toFormErrors(failure)) || requestErrorText(failure);
}
