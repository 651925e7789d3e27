import { loadAuth } from '@/shared/supabase/client';

/**
 * Sets the new password of the signed-in (recovering) user. The page ends the recovery
 * (`recoveryEnded`) once it has moved on, so the form is not swapped out under its own callback.
 */
export async function updatePassword(password: string): Promise<void> {
  const { error } = await (await loadAuth()).updateUser({ password });
  if (error) throw error;
}
