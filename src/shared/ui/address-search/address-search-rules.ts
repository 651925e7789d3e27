/** Address search rules of the specs (§5): from 3 characters, 250 ms after the last key. */
export const ADDRESS_SEARCH_MIN_LENGTH = 3;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 250;

export function isSearchable(text: string): boolean {
  return text.trim().length >= ADDRESS_SEARCH_MIN_LENGTH;
}

/** The highlighted row after an arrow key: the arrows cycle through the list; -1 is none highlighted. */
export function nextHighlight(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current < 0 ? 0 : (current + 1) % count;
  return current < 0 ? count - 1 : (current - 1 + count) % count;
}

/** Enter picks the highlighted result, else the first. */
export function enterPick(current: number, count: number): number {
  if (count === 0) return -1;
  return current >= 0 && current < count ? current : 0;
}
