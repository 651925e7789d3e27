import type { z } from 'zod';
import { fullMessage, type FormErrors } from './form-errors';

/**
 * A form's own check (zod) in the same shape as the server's answer, so the screen shows both the
 * same way: the first message under each field. Nested paths join with dots (`location.address`).
 */
export function zodFormErrors(error: z.ZodError): FormErrors {
  const errors: Record<string, string[]> = {};
  const fullErrors: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'base';
    (errors[field] ??= []).push(issue.message);
    fullErrors.push(fullMessage(field, issue.message));
  }
  return { errors, full_errors: fullErrors };
}
