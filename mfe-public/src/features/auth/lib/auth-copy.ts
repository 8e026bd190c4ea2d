/** The sign-in pages' fixed words (docs/behaviour/accounts.md), word for word. */

export const LOGIN_COPY = {
  title: 'Welcome Back',
  failed: 'Login failed. Please try again.',
  exception: 'An error occurred during login. Please try again.',
  successTitle: 'Login Successful',
  successDescription: 'Welcome back! Redirecting...',
} as const;

export const FORGOT_PASSWORD_COPY = {
  emailRequiredTitle: 'Email Required',
  emailRequiredDescription: 'Please enter your email first.',
  sentTitle: 'Password Reset',
  sentDescription: (email: string) =>
    `If an account exists for ${email}, password reset instructions have been sent to it. The link expires in 1 hour.`,
  failedTitle: 'Password Reset Failed',
  failed: 'We could not send the reset e-mail. Please try again.',
} as const;

export const SIGNUP_COPY = {
  title: 'Create Your Account',
  failed: 'Account creation failed. Please try again.',
  exception: 'An error occurred during account creation. Please try again.',
  successTitle: 'Account Created Successfully',
  successDescription: 'Welcome! Redirecting to complete your plan selection...',
} as const;

export const SETUP_PASSWORD_COPY = {
  invalidLinkTitle: 'Invalid Link',
  invalidLinkDescription: 'This password setup link is invalid or missing a token.',
  failed: 'Failed to set password. Please try again.',
  exception: 'Something went wrong. Please try again.',
  successTitle: 'Password Set Successfully',
  successDescription: 'You can now log in with your new password.',
} as const;
