/**
 * The one-time password link of a user just created. It is shown once and cannot be fetched again, so it
 * is kept in this tab's sessionStorage until the admin dismisses it: a reload (or the move from the create
 * page to the edit page) does not lose it, and it never outlives the tab.
 */
const KEY_PREFIX = 'truckdesk:generated-password-url:';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberGeneratedPasswordUrl(userId: string, url: string): void {
  storage()?.setItem(KEY_PREFIX + userId, url);
}

export function generatedPasswordUrlFor(userId: string): string | null {
  return storage()?.getItem(KEY_PREFIX + userId) ?? null;
}

export function forgetGeneratedPasswordUrl(userId: string): void {
  storage()?.removeItem(KEY_PREFIX + userId);
}
