/** Query keys of the auth feature; everything under `auth` survives a sign-out. */
export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
};
