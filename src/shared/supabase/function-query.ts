export type FunctionQuery = Record<string, string | number | readonly (string | number)[] | undefined | null>;

/** `?tenant=hjem-is&statuses[]=active`: arrays as Rails-style `name[]` pairs, empty values left out. */
export function functionQueryString(query: FunctionQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(`${name}[]`, String(item)));
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
