import { describe, expect, it } from 'vitest';
import {
  confirm,
  getCurrentConfirm,
  settleConfirm,
  subscribeToConfirm,
} from '../../src/shared/ui/confirm/confirm-store.ts';
import { dialogKeyAction, trappedFocusIndex } from '../../src/shared/ui/confirm/dialog-keys.ts';

describe('confirm()', () => {
  it('resolves with the answer and shows questions one at a time, in order', async () => {
    let notified = 0;
    const unsubscribe = subscribeToConfirm(() => (notified += 1));

    const first = confirm({ message: 'Are you sure you want destroy this Warehouse?' });
    const second = confirm({
      message: 'Are you sure you want to set this as your primary warehouse?',
      confirmLabel: 'Yes',
      destructive: true,
    });
    const shown = getCurrentConfirm();
    expect(shown).toMatchObject({
      message: 'Are you sure you want destroy this Warehouse?',
      confirmLabel: 'OK',
      cancelLabel: 'Cancel',
      destructive: false,
    });

    settleConfirm(shown!.id, true);
    await expect(first).resolves.toBe(true);
    const next = getCurrentConfirm();
    expect(next).toMatchObject({
      message: 'Are you sure you want to set this as your primary warehouse?',
      confirmLabel: 'Yes',
      destructive: true,
    });

    settleConfirm(next!.id, false);
    // A second answer to the same question changes nothing.
    settleConfirm(next!.id, true);
    await expect(second).resolves.toBe(false);
    expect(getCurrentConfirm()).toBeUndefined();
    expect(notified).toBe(4);
    unsubscribe();
  });
});

describe('confirm dialog keys', () => {
  it('cancel on Escape and confirm on Enter, except on the Cancel button', () => {
    expect(dialogKeyAction('Escape', false, false)).toBe('cancel');
    expect(dialogKeyAction('Enter', false, false)).toBe('confirm');
    expect(dialogKeyAction('Enter', false, true)).toBe('none');
    expect(dialogKeyAction('a', false, false)).toBe('none');
  });

  it('keep Tab inside the dialog, wrapping at both ends', () => {
    expect(dialogKeyAction('Tab', false, false)).toBe('focus-next');
    expect(dialogKeyAction('Tab', true, false)).toBe('focus-previous');
    expect(trappedFocusIndex(0, 2, false)).toBe(1);
    expect(trappedFocusIndex(1, 2, false)).toBe(0);
    expect(trappedFocusIndex(0, 2, true)).toBe(1);
    expect(trappedFocusIndex(-1, 2, false)).toBe(0);
    expect(trappedFocusIndex(-1, 2, true)).toBe(1);
    expect(trappedFocusIndex(0, 0, false)).toBe(-1);
  });
});
