import { useBlocker } from '@tanstack/react-router';
import { confirm } from '@/shared/ui/confirm/confirm-store';

export const UNSAVED_TITLE = 'Unsaved changes detected!';
export const UNSAVED_MESSAGE = 'There are unsaved changes which will be lost if you leave!';

/** Asks before unsaved changes are lost: Leave goes on, Cancel stays. */
export function confirmLeaving(): Promise<boolean> {
  return confirm({
    title: UNSAVED_TITLE,
    message: UNSAVED_MESSAGE,
    confirmLabel: 'Leave',
    cancelLabel: 'Cancel',
    destructive: true,
  });
}

/**
 * Every way out of the editor while it has unsaved changes: links and the browser's back and forward buttons
 * (the router's blocker asks with the dialog), and closing or reloading the tab (the browser's own
 * beforeunload question; browsers do not let a page show its own text there).
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  useBlocker({
    shouldBlockFn: async () => (dirty ? !(await confirmLeaving()) : false),
    enableBeforeUnload: () => dirty,
    disabled: !dirty,
  });
}
