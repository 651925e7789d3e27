import { type PublicLanguage, usePublicLanguage } from './language';

/** A set of public texts in both languages; every key must exist in both (the type says so). */
export type Catalogue<K extends string> = Record<PublicLanguage, Record<K, string>>;

export function defineCatalogue<K extends string>(catalogue: Catalogue<K>): Catalogue<K> {
  return catalogue;
}

/** The texts of a catalogue in the current public language. Features keep their own catalogue file. */
export function useCatalogue<K extends string>(catalogue: Catalogue<K>): Record<K, string> {
  return catalogue[usePublicLanguage()];
}

/** Fills `{name}` placeholders. */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
