import { useRouter, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { errorSentence } from '@/shared/errors/error-sentence';
import { InvalidPathParamError } from '@/shared/routing/url-values';
import { NotFound } from './not-found';

/**
 * A page whose data could not be loaded (loaders use `ensureQueryData`): a readable sentence and a way to
 * try again; inside the staff layout it takes the page's place and the menu stays. An address whose
 * parameters do not parse (`/customers/abc/edit`) names no record: "Page not found", never the validator's dump.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The router wraps a failed `params.parse` with the parser's error as its cause.
  if (isNoPage(error) || (error instanceof Error && isNoPage(error.cause))) return <NotFound />;
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

/**
 * A path parameter that names no record, or data that does not have the shape a page expects (a zod error,
 * told by its name so that zod stays out of the entry chunk every page loads).
 */
function isNoPage(error: unknown): boolean {
  return error instanceof InvalidPathParamError || (error instanceof Error && error.name === 'ZodError');
}
