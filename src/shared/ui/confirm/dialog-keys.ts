/** What a key press inside the confirm dialog does. */
export type DialogKeyAction = 'confirm' | 'cancel' | 'focus-next' | 'focus-previous' | 'none';

/**
 * Escape cancels; Enter confirms (except on the Cancel button, where Enter keeps its usual
 * meaning of pressing that button); Tab and Shift+Tab move focus within the dialog only.
 */
export function dialogKeyAction(key: string, shiftKey: boolean, onCancelButton: boolean): DialogKeyAction {
  switch (key) {
    case 'Escape':
      return 'cancel';
    case 'Enter':
      return onCancelButton ? 'none' : 'confirm';
    case 'Tab':
      return shiftKey ? 'focus-previous' : 'focus-next';
    default:
      return 'none';
  }
}

/** The element to focus next in a focus trap: wraps around at both ends; -1 = nothing focused yet. */
export function trappedFocusIndex(current: number, count: number, backwards: boolean): number {
  if (count === 0) return -1;
  if (current < 0) return backwards ? count - 1 : 0;
  return backwards ? (current - 1 + count) % count : (current + 1) % count;
}
