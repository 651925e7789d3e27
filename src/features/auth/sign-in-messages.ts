/**
 * Staff sign-in texts (spec: inventory-public-support section 8, "Sign-in messages"), in the
 * wording of the Rails/Devise app this product replaces.
 */
export const signInMessages = {
  invalid: 'Invalid Email or password.',
  locked: 'Your account is locked.',
  lastAttempt: 'You have one more attempt before your account is locked.',
  timeout: 'Your session expired. Please sign in again to continue.',
  unauthenticated: 'You need to sign in or sign up before continuing.',
  unconfirmed: 'You have to confirm your email address before continuing.',
  alreadyAuthenticated: 'You are already signed in.',
  inactive: 'Your account is not activated yet.',
} as const;
