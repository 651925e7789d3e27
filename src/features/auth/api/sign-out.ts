import { useMutation } from '@tanstack/react-query';
import { loadAuth } from '@/shared/supabase/client';
import { expectSignOut, signOutFailed } from '../session-end';

export async function signOut(): Promise<void> {
  expectSignOut();
  // `local` ends only this browser's session: a driver signing out on the depot PC must stay
  // signed in on the phone in the truck.
  const { error } = await (await loadAuth()).signOut({ scope: 'local' });
  if (error) {
    signOutFailed();
    throw error;
  }
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
