import type { ErrorComponentProps } from '@tanstack/react-router';
import { ZodError } from 'zod';
import { errorSentence } from '@/shared/errors/error-sentence';
import { NotFound } from './not-found';

/**
 * Last resort for errors no screen handled. An address whose parameters do not parse (`/customers/abc/edit`)
 * names no record: "Page not found", never the validator's dump. Anything else gets a readable sentence.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  // The router wraps a failed `params.parse` with the validator's error as its cause.
  if (error instanceof ZodError || (error instanceof Error && error.cause instanceof ZodError)) return <NotFound />;
  return (
    <main className="page page--narrow" role="alert">
      <h1>Something went wrong</h1>
      <p>{errorSentence(error)}</p>
      <button type="button" className="button" onClick={reset}>
        Try again
      </button>
    </main>
  );
}
