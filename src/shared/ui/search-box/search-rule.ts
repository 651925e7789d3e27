/** The flash of the shared search box when Enter is pressed on too short a phrase. */
export const SEARCH_TOO_SHORT_MESSAGE = 'You must enter more than 2 characters in search field';

/** What Enter in a search box does. */
export type SearchAction = 'search' | 'too-short' | 'ignore';

/**
 * The specs' rule for the shared search box: more than 2 characters search, fewer than 2 tell
 * the user, and exactly 2 do nothing (the old screens behaved so; it is kept). Without the rule
 * (product search) every phrase searches.
 */
export function searchAction(phrase: string, minLengthRule = true): SearchAction {
  if (!minLengthRule) return 'search';
  const length = phrase.trim().length;
  if (length > 2) return 'search';
  return length < 2 ? 'too-short' : 'ignore';
}
