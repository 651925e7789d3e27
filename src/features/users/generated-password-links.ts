/**
 * The one-time password link of a user just created, kept in memory from the create page to the edit
 * page it moves to (it is never stored: a reload loses it, as it should).
 */
const links = new Map<string, string>();

export function rememberGeneratedPasswordUrl(userId: string, url: string): void {
  links.set(userId, url);
}

export function generatedPasswordUrlFor(userId: string): string | null {
  return links.get(userId) ?? null;
}
