/**
 * Flash messages (the spec's "flash" texts), kept outside React so that route guards and
 * mutation callbacks can raise one before the page that shows it has rendered.
 */
export type FlashKind = 'notice' | 'alert';

export interface FlashMessage {
  id: number;
  kind: FlashKind;
  text: string;
}

/** Long enough to read a two-line message on a phone. */
const VISIBLE_MS = 8000;
/** More than this and the newest ones would cover the page: the oldest go first. */
export const MAX_VISIBLE_FLASHES = 3;

let messages: readonly FlashMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: readonly FlashMessage[]): void {
  for (const message of messages) {
    if (next.includes(message)) continue;
    clearTimeout(timers.get(message.id));
    timers.delete(message.id);
  }
  messages = next;
  listeners.forEach((listener) => listener());
}

/**
 * Shows a message at the bottom of the page. The newest message is the truth: the same sentence
 * again replaces the old one (a guard that runs twice, Enter pressed twice), a success replaces the
 * errors still shown (the save failed, then worked) and an error replaces the successes, and no more
 * than {@link MAX_VISIBLE_FLASHES} stay on screen at once.
 */
export function showFlash(text: string, kind: FlashKind = 'notice'): void {
  const kept = messages.filter((message) => message.text !== text && message.kind === kind);
  const id = nextId++;
  publish([...kept, { id, kind, text }].slice(-MAX_VISIBLE_FLASHES));
  timers.set(
    id,
    setTimeout(() => dismissFlash(id), VISIBLE_MS),
  );
}

export function dismissFlash(id: number): void {
  if (messages.some((message) => message.id === id)) {
    publish(messages.filter((message) => message.id !== id));
  }
}

export function subscribeToFlash(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getFlashMessages(): readonly FlashMessage[] {
  return messages;
}
