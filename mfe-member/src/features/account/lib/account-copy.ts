/** The account page's fixed words, and the other pages it links to. */
export const ACCOUNT_COPY = {
  title: 'Account Settings',
  description: 'Your name, password and email address, and where to find your purchases.',
  profileTitle: 'Your name',
  profileSaved: 'Your name has been saved.',
  passwordTitle: 'Password',
  passwordHint: 'Changing it signs you out on every other device.',
  emailTitle: 'Email address',
  emailHint: 'We send a link to the new address; your sign-in address changes once you open it.',
  emailSentTitle: 'Check your inbox',
  linksTitle: 'More for your account',
  failed: 'That did not work. Please try again in a moment.',
  loginRequired: 'Please log in to see your account.',
  confirmTitle: 'Confirm your new email address',
  confirming: 'Confirming your new email address…',
  confirmed: 'Your email address has been changed.',
  missingToken: 'This link is incomplete. Open the link from the e-mail again, or ask for a new one.',
} as const;

export interface AccountLink {
  to: string;
  label: string;
  description: string;
}

/** The pages the account page links to, in the order it lists them. */
export const ACCOUNT_LINKS: readonly AccountLink[] = [
  {
    to: '/orders',
    label: 'Orders & billing',
    description: 'Your purchases, receipts and refunds within the 30-day guarantee.',
  },
  {
    to: '/membership',
    label: 'Membership',
    description: 'Your membership plan and what it includes.',
  },
];
