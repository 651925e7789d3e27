/**
 * Why the last session ended. A sign-out the user (or the app) asked for is expected; any other
 * end of a session (a refresh that failed, a token that expired while the tab slept) means the
 * session expired, and the next guard tells the user so.
 */
let signOutRequested = false;
let sessionExpired = false;

/** Call right before asking supabase-js to sign out. */
export function expectSignOut(): void {
  signOutRequested = true;
}

/** The sign-out did not happen (e.g. offline): a later end of the session is unexpected again. */
export function signOutFailed(): void {
  signOutRequested = false;
}

/** Records a SIGNED_OUT event; returns true when the session expired rather than being ended. */
export function recordSignedOut(): boolean {
  const expired = !signOutRequested;
  signOutRequested = false;
  sessionExpired = expired;
  return expired;
}

/** A new session clears what the last one left. */
export function recordSignedIn(): void {
  sessionExpired = false;
}

/** True once after a session expired: the guard that reports it consumes it. */
export function consumeSessionExpired(): boolean {
  const expired = sessionExpired;
  sessionExpired = false;
  return expired;
}
