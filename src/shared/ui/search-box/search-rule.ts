/** The flash of the shared search box when Enter is pressed on too short a phrase. */
export const SEARCH_TOO_SHORT_MESSAGE = 'You must enter more than 2 characters in search field';

/** What Enter in a search box does. */
export type SearchAction = 'search' | 'clear' | 'too-short' | 'ignore';

/**
 * The specs' rule for the shared search box: more than 2 characters search, fewer than 2 tell
 * the user, and exactly 2 do nothing (the old screens behaved so; it is kept). Without the rule
 * (product search) every phrase searches. An empty box clears the filter: that is what a person
 * means by emptying it and pressing Enter.
 */
export function searchAction(phrase: string, minLengthRule = true): SearchAction {
  const length = phrase.trim().length;
  if (length === 0) return 'clear';
  if (!minLengthRule) return 'search';
  if (length > 2) return 'search';
  return length < 2 ? 'too-short' : 'ignore';
}
