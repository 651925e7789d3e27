/** Packages <-> amount by packaging size: an amount needs the rounded-up number of whole packages. */
export function packagesFor(amount: number, packagingSize: number): number {
  return packagingSize > 0 ? Math.ceil(amount / packagingSize) : 0;
}

export function amountFor(packages: number, packagingSize: number): number {
  return packages * packagingSize;
}

/** A number typed into a quantity cell; blank or not a number is null. */
export function typedNumber(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}
