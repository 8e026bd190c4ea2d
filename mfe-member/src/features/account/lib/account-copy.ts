/** The account page's fixed words, and the other pages it links to. */
export const ACCOUNT_COPY = {
  title: 'Account Settings',
  description: 'Your name, password and email address, and where to find your purchases.',
  profileSaved: 'Your name has been saved.',
  emailSentTitle: 'Check your inbox',
  linksTitle: 'More for your account',
  planCancelled: 'Your plan will not renew. You keep access until the end of the paid period.',
  planResumed: 'Your plan renews again.',
  failed: 'That did not work. Please try again in a moment.',
  loginRequired: 'Please log in to see your account.',
  confirmTitle: 'Confirm your new email address',
  confirming: 'Confirming your new email address…',
  confirmed: 'Your email address has been changed.',
  downloadLabel: 'Download your data',
  downloadHint: 'A zip file with one JSON file for each part of the site and the files you uploaded.',
  deleteLabel: 'Delete my account',
  deleteTitle: 'Delete your account?',
  deleteText:
    'Your name, e-mail address, progress, requests and uploaded files are erased. Orders, invoices, revenue reports and payments are kept without your name for our books. This cannot be undone.',
  deletePassword: 'Your password',
  deleteBusy: 'Deleting…',
  deletedTitle: 'Account deleted',
  missingToken: 'This link is incomplete. Open the link from the e-mail again, or ask for a new one.',
} as const;

/** The account page's sections: each one's heading and hint. Its card's id is `account-<name>`. */
export const ACCOUNT_SECTIONS = {
  profile: { title: 'Your name' },
  password: { title: 'Password', hint: 'Changing it signs you out on every other device.' },
  email: {
    title: 'Email address',
    hint: 'We send a link to the new address; your sign-in address changes once you open it.',
  },
  plans: {
    title: 'Membership plan',
    hint: 'A cancelled plan stays yours until the end of the period you paid for.',
  },
  data: { title: 'Your data', hint: 'Download everything we keep about you, or delete your account.' },
} as const satisfies Record<string, { title: string; hint?: string }>;

export type AccountSection = keyof typeof ACCOUNT_SECTIONS;

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
  {
    to: '/account/notifications',
    label: 'Email Preferences',
    description: 'Which course e-mails you get: new sections and a reminder after a week away.',
  },
  {
    to: '/team',
    label: 'Team',
    description: 'Invite up to 5 staff to study the course on their own accounts.',
  },
];

/** How the account page shows a membership plan's renewal. */
export const PLAN_RENEWAL_LABELS = {
  renewing: {
    badge: 'Renews',
    variant: 'success',
    description: 'Renews automatically at the end of each period.',
  },
  cancelling: {
    badge: 'Cancelled',
    variant: 'secondary',
    description: 'Will not renew: access ends at the end of the period you paid for.',
  },
  ended: { badge: 'Ended', variant: 'outline', description: 'This plan has ended.' },
} as const;
