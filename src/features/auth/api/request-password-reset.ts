import { z } from 'zod';
import { callFunction } from '@/shared/supabase/call-function';

export const passwordResetInputSchema = z.object({
  email: z.email(),
  /** Where the e-mail's link lands: the tenant's edit-password page, as an absolute URL. */
  redirectTo: z.url(),
});

export type PasswordResetInput = z.infer<typeof passwordResetInputSchema>;

/**
 * Sends the reset e-mail through the `password-recovery` function, not Auth's /recover: Auth answers a repeated
 * request for a real account with 429 and an unknown one with 200, while the function answers alike for every
 * address (rate limited per caller and per address), so the page cannot be used to find out who works here.
 */
export async function requestPasswordReset(input: PasswordResetInput): Promise<void> {
  const { email, redirectTo } = passwordResetInputSchema.parse(input);
  await callFunction<Record<string, never>>('password-recovery', {
    method: 'POST',
    body: { email, redirect_to: redirectTo },
  });
}
