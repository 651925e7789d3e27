/** An amount in the tenant's currency and number format (`1.234,50 kr.` for DKK in Danish). */
export function formatMoney(amount: number, tenant: { currency: string; locale: string }): string {
  try {
    return new Intl.NumberFormat(tenant.locale, { style: 'currency', currency: tenant.currency }).format(amount);
  } catch {
    // An unknown locale or currency code must not break the list.
    return `${amount.toFixed(2)} ${tenant.currency}`;
  }
}

/** A count or quantity in the tenant's number format (`1.234,5` in Danish). */
export function formatQuantity(amount: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount);
  } catch {
    return String(amount);
  }
}

/** Bytes as people read them: `512 B`, `3.4 KB`, `12.0 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** An amount in kr with 2 decimals in the locale's number format (spec: the plan-event report shows revenue as kr). */
export function formatKroner(amount: number, locale: string): string {
  let number: string;
  try {
    number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    number = amount.toFixed(2);
  }
  return `${number} kr`;
}
