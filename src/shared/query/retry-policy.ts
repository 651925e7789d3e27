import { failureFacts, failureKind } from '../errors/failure-kind';

/**
 * Which failed reads the Query cache tries again. A restart of the database or of REST (a crash, a deploy) answers
 * 503 or drops the connection for a few seconds: those are retried with backoff (1, 2, 4 s) until the service is
 * back. A refusal (permission, not found, invalid) or any other server error answers the same the next time: shown
 * at once.
 */
export const MAX_TRANSIENT_RETRIES = 3;

export function isTransientFailure(failure: unknown): boolean {
  return failureKind(failure) === 'network' || failureFacts(failure).status === 503;
}

export function shouldRetryRead(failureCount: number, failure: unknown): boolean {
  return failureCount < MAX_TRANSIENT_RETRIES && isTransientFailure(failure);
}

export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 8000);
}
