/**
 * The live topics whose channels have joined, mirrored onto `<html data-live-topics="...">`, so that
 * someone (or a browser test) can tell a screen is live before relying on it, instead of waiting a fixed time.
 */
const joined = new Map<string, number>();

function publish(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.liveTopics = [...joined.keys()].sort().join(' ');
}

export function markTopicJoined(topic: string): void {
  joined.set(topic, (joined.get(topic) ?? 0) + 1);
  publish();
}

export function markTopicLeft(topic: string): void {
  const count = joined.get(topic) ?? 0;
  if (count <= 1) joined.delete(topic);
  else joined.set(topic, count - 1);
  publish();
}
