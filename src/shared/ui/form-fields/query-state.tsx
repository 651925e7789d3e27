import { requestErrorText } from '../flash/request-error-text';

export interface QueryStateProps {
  /** What is loading, for the status text ("Loading cars..."). */
  what: string;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}

/** The loading and error states of a screen's data, or nothing once it is there. */
export function QueryState({ what, isPending, error, onRetry }: QueryStateProps) {
  if (error) {
    return (
      <div className="form__error" role="alert">
        <p>{requestErrorText(error)}</p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (isPending) {
    return (
      <p className="muted" role="status">
        Loading {what}...
      </p>
    );
  }
  return null;
}
