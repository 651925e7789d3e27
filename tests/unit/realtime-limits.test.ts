import { describe, expect, it } from 'vitest';
import { jsonTooDeep, WindowCounter } from '../../supabase/stack/realtime/limits.ts';
import { PresenceStore } from '../../supabase/stack/realtime/presence.ts';

describe('jsonTooDeep', () => {
  it('counts array and object nesting, not brackets inside strings', () => {
    expect(jsonTooDeep('{"a":[[1]]}', 3)).toBe(false);
    expect(jsonTooDeep('{"a":[[[1]]]}', 3)).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ text: '[[[[[[{{{{' }), 1)).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ text: 'a \\" [[[[' }), 1)).toBe(false);
  });

  it('handles 20,000 levels without recursing', () => {
    expect(jsonTooDeep('['.repeat(20_000) + ']'.repeat(20_000))).toBe(true);
  });
});

describe('WindowCounter', () => {
  it('allows the maximum per window, then refuses until the window ends', () => {
    const counter = new WindowCounter(5, 30_000);
    const start = 1_000_000;
    for (let call = 0; call < 5; call += 1) expect(counter.take(start + call)).toBe(true);
    expect(counter.take(start + 10)).toBe(false);
    expect(counter.take(start + 30_001)).toBe(true);
  });
});

describe('PresenceStore budgets', () => {
  it('keeps the bytes held per topic and in total within the budget, counting replacements and leaves', () => {
    const store = new PresenceStore({ perTopic: 100, total: 150 });
    const a = store.track('public:a', 'k1', undefined, { x: 1 }, 60);
    expect(store.fits('public:a', undefined, 50)).toBe(false); // topic would hold 110
    expect(store.fits('public:a', a.ref, 100)).toBe(true); // replacing its own entry
    store.track('public:b', 'k2', undefined, { x: 1 }, 80);
    expect(store.fits('public:c', undefined, 20)).toBe(false); // total would be 160
    expect(store.bytesHeld).toBe(140);

    const replaced = store.track('public:a', 'k1', a.ref, { x: 2 }, 10);
    expect(store.bytesHeld).toBe(90);
    store.untrack('public:a', 'k1', replaced.ref);
    expect(store.bytesHeld).toBe(80);
    expect(store.fits('public:a', undefined, 70)).toBe(true);
  });
});
