import { fullErrorsText, toFormErrors, plainSentence, type FailureContext } from './form-errors';

/**
 * One sentence for any failure, for a flash or a page: the field errors joined ("Phone is invalid"), a
 * function's own sentence, or a plain one ("Not found", "You don't have permission to edit depos").
 */
export function errorSentence(failure: unknown, context: FailureContext = {}): string {
  if (typeof failure === 'string') return failure;
  return fullErrorsText(toFormErrors(failure, context)) || plainSentence(failure, context);
}

/** The page the person is on (the specs' "error text (address)" names the page, never an API URL). */
export function currentPagePath(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}
