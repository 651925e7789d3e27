import { supabase } from './client';
import { functionQueryString, type FunctionQuery } from './function-query';
import { functionRequestError } from './request-error';

/**
 * Calls an edge function of the stack with the user's session and returns its JSON answer, or throws a
 * `RequestError` carrying the function's error body (`{ errors, full_errors }` on 422).
 */
export async function callFunction<T>(
  name: string,
  options: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; query?: FunctionQuery; body?: Record<string, unknown> } = {},
): Promise<T> {
  const { method = 'GET', query = {}, body } = options;
  const { data, error } = await supabase.functions.invoke<T>(`${name}${functionQueryString(query)}`, { method, body });
  if (error) throw await functionRequestError(name, error);
  return data as T;
}
