import { z } from 'zod';
import { loadAuth } from '@/shared/supabase/client';

export const passwordResetInputSchema = z.object({
  email: z.email(),
  /** Where the e-mail's link lands: the tenant's edit-password page, as an absolute URL. */
  redirectTo: z.url(),
});

export type PasswordResetInput = z.infer<typeof passwordResetInputSchema>;

/**
 * Sends the reset e-mail. The Auth server answers the same whether or not the address has an
 * account, so the page cannot be used to find out who works here.
 */
export async function requestPasswordReset(input: PasswordResetInput): Promise<void> {
  const { email, redirectTo } = passwordResetInputSchema.parse(input);
  const { error } = await (await loadAuth()).resetPasswordForEmail(email, { redirectTo });
  if (error) throw error;
}
