import type { MemberIdentity } from '@/features/tenants/current-member';

export const NOT_AUTHORIZED_MESSAGE = 'You are not authorized to access this page.';

/**
 * Thrown by the staff guard before any data of the page loads. It carries who was refused so the
 * error view can still draw the staff layout (menu, depo switcher) around the message.
 */
export class NotAuthorizedError extends Error {
  constructor(readonly identity: MemberIdentity) {
    super(NOT_AUTHORIZED_MESSAGE);
    this.name = 'NotAuthorizedError';
  }
}
