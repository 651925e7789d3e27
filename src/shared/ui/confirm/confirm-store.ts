/**
 * Confirmation questions ("Are you sure you want destroy this Warehouse?") asked with a promise:
 *
 *   if (await confirm({ message: 'Are you sure you want to delete this product?' })) remove(product);
 *
 * Kept outside React, like the flash store, so mutation callbacks and event handlers can ask
 * without threading state through components. `ConfirmHost` (mounted once) shows the questions
 * one at a time, in the order they were asked.
 */
export interface ConfirmOptions {
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Shows the confirm button as a destructive action. */
  destructive?: boolean;
}

export interface ConfirmRequest extends Required<Omit<ConfirmOptions, 'title'>> {
  id: number;
  title: string | undefined;
}

interface PendingRequest {
  request: ConfirmRequest;
  resolve: (answer: boolean) => void;
}

let queue: readonly PendingRequest[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly PendingRequest[]): void {
  queue = next;
  listeners.forEach((listener) => listener());
}

export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const request: ConfirmRequest = {
      id: nextId++,
      message: options.message,
      title: options.title,
      confirmLabel: options.confirmLabel ?? 'OK',
      cancelLabel: options.cancelLabel ?? 'Cancel',
      destructive: options.destructive ?? false,
    };
    publish([...queue, { request, resolve }]);
  });
}

/** Answers the question with this id; later answers to the same question are ignored. */
export function settleConfirm(id: number, answer: boolean): void {
  const pending = queue.find((item) => item.request.id === id);
  if (!pending) return;
  publish(queue.filter((item) => item !== pending));
  pending.resolve(answer);
}

/** The question on screen now, if any. */
export function getCurrentConfirm(): ConfirmRequest | undefined {
  return queue[0]?.request;
}

export function subscribeToConfirm(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
