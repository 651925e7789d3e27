import { useRouter, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { ZodError } from 'zod';
import { errorSentence } from '@/shared/errors/error-sentence';
import { NotFound } from './not-found';

/**
 * A page whose data could not be loaded (loaders use `ensureQueryData`): a readable sentence and a way to
 * try again; inside the staff layout it takes the page's place and the menu stays. An address whose
 * parameters do not parse (`/customers/abc/edit`) names no record: "Page not found", never the validator's dump.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The router wraps a failed `params.parse` with the validator's error as its cause.
  if (error instanceof ZodError || (error instanceof Error && error.cause instanceof ZodError)) return <NotFound />;
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <section className="route-error">
      <h1>Something went wrong</h1>
      {/* "error text (address)" as the spec writes server errors: the address is the page's path. */}
      <p role="alert">
        {errorSentence(error)} ({pathname})
      </p>
      <button type="button" className="button" onClick={retry}>
        Try again
      </button>
    </section>
  );
}
