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

let messages: readonly FlashMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly FlashMessage[]): void {
  messages = next;
  listeners.forEach((listener) => listener());
}

export function showFlash(text: string, kind: FlashKind = 'notice'): void {
  // A guard that runs twice must not stack the same sentence twice.
  const others = messages.filter((message) => message.text !== text);
  const id = nextId++;
  publish([...others, { id, kind, text }]);
  setTimeout(() => dismissFlash(id), VISIBLE_MS);
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
