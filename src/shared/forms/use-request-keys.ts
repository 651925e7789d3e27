import { useMemo, useRef } from 'react';

/**
 * Idempotency keys for requests that create something: the same intent (scope) keeps its key until it has
 * succeeded, so a retry after a lost answer is recognised by the server and answered with the first result
 * instead of making a second record. A new key is drawn after success.
 */
export function useRequestKeys() {
  const keys = useRef(new Map<string, string>());
  return useMemo(
    () => ({
      /** The key for this intent, the same until `succeeded(scope)`. */
      keyFor(scope: string): string {
        let key = keys.current.get(scope);
        if (!key) {
          key = crypto.randomUUID();
          keys.current.set(scope, key);
        }
        return key;
      },
      succeeded(scope: string): void {
        keys.current.delete(scope);
      },
    }),
    [],
  );
}
