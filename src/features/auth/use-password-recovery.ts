import { useSyncExternalStore } from 'react';
import { getRecoveryState, subscribeToRecovery, type RecoveryState } from './password-recovery';

/** Whether this tab came from a password-reset link (see password-recovery.ts). */
export function usePasswordRecovery(): RecoveryState {
  return useSyncExternalStore(subscribeToRecovery, getRecoveryState);
}
