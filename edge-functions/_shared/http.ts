// JSON answers in the shape the admin screens read: field errors as `{ errors: {field: [messages]}, full_errors }`
// (422, Rails wording), any other failure as `{ error }` plus the same two keys, empty or with that one message.
import { corsHeaders, json } from './cors.ts';

export type FieldErrors = Record<string, string[]>;

/** Rails' `humanize`: `password_confirmation` → "Password confirmation", `depo_id` → "Depo". */
export function humanize(field: string): string {
  const words = field.replace(/_id$/, '').replace(/[._]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Rails' full messages: "First name can't be blank". */
export function fullMessages(errors: FieldErrors): string[] {
  return Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => `${humanize(field)} ${message}`),
  );
}

export function validationFailed(errors: FieldErrors): Response {
  return json({ errors, full_errors: fullMessages(errors) }, 422);
}

export function failure(status: number, message: string): Response {
  return json({ error: message, errors: {}, full_errors: [message] }, status);
}

export const notSignedIn = (): Response => failure(401, 'Not signed in');
export const forbidden = (message = 'You are not authorized to perform this action.'): Response =>
  failure(403, message);

/** Lets a browser script read these answer headers across origins (download name, progress total). */
export function exposeHeaders(names: string[]): Record<string, string> {
  return { ...corsHeaders, 'Access-Control-Expose-Headers': names.join(', ') };
}

/** Collects field errors in the order they are found. */
export class ErrorBag {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  has(field: string): boolean {
    return (this.errors[field]?.length ?? 0) > 0;
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}
