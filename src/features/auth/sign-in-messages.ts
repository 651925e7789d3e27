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
  // Not from the spec: the old app served one company per host and never needed it.
  notMember: 'You are not a member of this company.',
} as const;

/** Password texts (same section, "Password messages"), Devise's wording. */
export const passwordMessages = {
  sendInstructions: 'You will receive an email with instructions on how to reset your password in a few minutes.',
  updated: 'Your password has been changed successfully. You are now signed in.',
  noToken:
    "You can't access this page without coming from a password reset email. If you do come from a password reset email, please make sure you used the full URL provided.",
} as const;
