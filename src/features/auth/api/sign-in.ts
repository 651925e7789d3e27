import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/shared/supabase/client';
import { signInErrorMessage } from '../sign-in-error-message';

export const signInInputSchema = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
});

export type SignInInput = z.infer<typeof signInInputSchema>;

/**
 * Password sign-in. Rejects with an Error whose message is the spec's text for the failure.
 * The new session reaches the Query cache through the auth events, not through this result.
 */
export async function signIn(input: SignInInput): Promise<void> {
  const credentials = signInInputSchema.parse(input);
  const { error } = await supabase.auth.signInWithPassword(credentials);
  if (error) throw new Error(signInErrorMessage(error));
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
