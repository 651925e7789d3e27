import { useId } from 'react';
import { showFlash } from '@/shared/ui/flash/flash-store';

export const COPIED_MESSAGE = 'Copied to clipboard';

async function copyText(text: string, fallbackInput: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without clipboard access (older browsers, plain http): copy the selected text the old way.
    fallbackInput?.select();
    document.execCommand('copy');
  }
}

/** The one-time link for a new user to set their password, with a copy button. */
export function GeneratedPasswordLink({ url, onDismiss }: { url: string; onDismiss: () => void }) {
  const id = useId();
  return (
    <div className="notice generated-password" role="region" aria-label="Generated password link">
      <label className="field__label" htmlFor={id}>
        Generated password URL
      </label>
      <div className="generated-password__row">
        <input id={id} className="field__input" readOnly value={url} onFocus={(event) => event.target.select()} />
        <button
          type="button"
          className="button"
          onClick={() =>
            void copyText(url, document.getElementById(id) as HTMLInputElement | null).then(() =>
              showFlash(COPIED_MESSAGE),
            )
          }
        >
          Copy
        </button>
      </div>
      <p className="field__hint">Give this link to the user: it lets them choose their password once.</p>
      <button type="button" className="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
