import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { requestErrorText } from '@/shared/ui/flash/request-error-text';

/**
 * A page whose data could not be loaded (loaders use `ensureQueryData`): the shared error text and
 * a way to try again. Inside the staff layout it takes the page's place; the menu stays.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <section className="route-error" role="alert">
      <h1>Something went wrong</h1>
      <p>{requestErrorText(error)}</p>
      <button type="button" className="button" onClick={retry}>
        Try again
      </button>
    </section>
  );
}
