import type { ErrorComponentProps } from '@tanstack/react-router';

/** Last resort for errors no screen handled: show the text rather than a blank page. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  return (
    <main className="page page--narrow" role="alert">
      <h1>Something went wrong</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
      <button type="button" className="button" onClick={reset}>
        Try again
      </button>
    </main>
  );
}
