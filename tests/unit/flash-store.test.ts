import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dismissFlash,
  getFlashMessages,
  MAX_VISIBLE_FLASHES,
  showFlash,
  subscribeToFlash,
} from '../../src/shared/ui/flash/flash-store.ts';

const shown = () => getFlashMessages().map(({ kind, text }) => ({ kind, text }));

afterEach(() => {
  getFlashMessages().forEach((message) => dismissFlash(message.id));
  vi.useRealTimers();
});

describe('flash messages (issue 8: toasts do not pile up or contradict each other)', () => {
  it('a success after a failed save replaces the error', () => {
    showFlash('Stop type has already been taken (/hjem-is/admin/stop_types/new)', 'alert');
    showFlash('Stop type successfully saved!');
    expect(shown()).toEqual([{ kind: 'notice', text: 'Stop type successfully saved!' }]);
  });

  it('an error after a success replaces the success', () => {
    showFlash('Depo successfully updated!');
    showFlash('Failed to fetch (/hjem-is/admin/depos/3/edit)', 'alert');
    expect(shown()).toEqual([{ kind: 'alert', text: 'Failed to fetch (/hjem-is/admin/depos/3/edit)' }]);
  });

  it('the same sentence again shows once, as the newest', () => {
    showFlash('Copied');
    showFlash('Car: 12 successfully updated!');
    showFlash('Copied');
    expect(shown()).toEqual([
      { kind: 'notice', text: 'Car: 12 successfully updated!' },
      { kind: 'notice', text: 'Copied' },
    ]);
  });

  it(`keeps at most ${MAX_VISIBLE_FLASHES} on screen, dropping the oldest`, () => {
    for (let i = 1; i <= MAX_VISIBLE_FLASHES + 2; i += 1) showFlash(`Number ${i} has already been taken`, 'alert');
    expect(shown().map((message) => message.text)).toEqual(
      Array.from({ length: MAX_VISIBLE_FLASHES }, (_, index) => `Number ${index + 3} has already been taken`),
    );
  });

  it('a repeated sentence stays its full time from the repeat', () => {
    vi.useFakeTimers();
    showFlash('Please enter more than 2 characters', 'alert');
    vi.advanceTimersByTime(6000);
    showFlash('Please enter more than 2 characters', 'alert');
    // The first one's timer must not take the repeat away early.
    vi.advanceTimersByTime(6000);
    expect(shown()).toEqual([{ kind: 'alert', text: 'Please enter more than 2 characters' }]);
    vi.advanceTimersByTime(2500);
    expect(shown()).toEqual([]);
  });

  it('tells its listeners, and dismissing removes just that message', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToFlash(listener);
    showFlash('First', 'alert');
    showFlash('Second', 'alert');
    expect(listener).toHaveBeenCalledTimes(2);
    dismissFlash(getFlashMessages()[0].id);
    expect(shown()).toEqual([{ kind: 'alert', text: 'Second' }]);
    unsubscribe();
  });
});
