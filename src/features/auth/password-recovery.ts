/**
 * Whether this tab holds a password-recovery session, i.e. the user arrived from the reset
 * e-mail's link. supabase-js reads the link's session from the URL fragment while it starts and
 * then emits PASSWORD_RECOVERY; the edit-password page asks this store, which also remembers the
 * state across a reload of that page (per tab, until the password is changed).
 */
export type RecoveryState =
  | { status: 'none' }
  /** The URL carried a recovery session that supabase-js has not taken yet. */
  | { status: 'pending' }
  | { status: 'active'; userId: string }
  /** The link was used before or is too old: the Auth server's error description. */
  | { status: 'failed'; reason: string; code: string };

const STORAGE_KEY = 'truckdesk.password-recovery';

let state: RecoveryState = { status: 'none' };
const listeners = new Set<() => void>();

function publish(next: RecoveryState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Reads the start-up URL fragment, before supabase-js clears it: `type=recovery` with a token
 * means a session is on its way; `error_code` means the link failed.
 */
export function initPasswordRecovery(fragment: string): void {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  if (params.get('error_code')) {
    publish({ status: 'failed', code: params.get('error_code') ?? '', reason: params.get('error_description') ?? '' });
    return;
  }
  if (params.get('type') === 'recovery' && params.get('access_token')) {
    publish({ status: 'pending' });
    return;
  }
  const userId = storage()?.getItem(STORAGE_KEY);
  if (userId) publish({ status: 'active', userId });
}

export function recoveryStarted(userId: string): void {
  storage()?.setItem(STORAGE_KEY, userId);
  publish({ status: 'active', userId });
}

/** After the password is changed, or when the session ends. */
export function recoveryEnded(): void {
  storage()?.removeItem(STORAGE_KEY);
  if (state.status !== 'none') publish({ status: 'none' });
}

/** A pending recovery whose session never came (supabase-js rejected the fragment). */
export function recoveryNotStarted(): void {
  if (state.status === 'pending') publish({ status: 'none' });
}

export function getRecoveryState(): RecoveryState {
  return state;
}

export function subscribeToRecovery(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
