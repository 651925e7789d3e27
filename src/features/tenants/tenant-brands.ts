/**
 * The brand shown before sign-in, when the tenant row cannot be read yet (anon may read no
 * table). After sign-in, screens use the tenant row's name instead.
 */
const brandsBySlug: Readonly<Record<string, string>> = {
  'hjem-is': 'Hjem-IS',
  'den-norske-isbilen': 'Den Norske Isbilen',
  romania: 'Romania',
};

/** `hjem-is` -> `Hjem-IS`; a slug not in the map -> its words capitalised (`new-co` -> `New Co`). */
export function brandForSlug(slug: string): string {
  return (
    brandsBySlug[slug] ??
    slug
      .split('-')
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}
