import { useEffect } from 'react';
import { flashRequestError } from './request-error-text';

/**
 * Flashes a failed load once per failure ("error text (request address)"), for screens that read a
 * query with `useQuery` and show their own error state beside the flash.
 */
export function useFlashOnError(error: unknown): void {
  useEffect(() => {
    if (error) flashRequestError(error);
  }, [error]);
}
