/** The contact page's fixed content (docs/behaviour/consultation-and-contact.md#contact-page). */
import type { ContactSubject } from '@platform/contracts';

export const CONTACT_PAGE = {
  title: 'Contact Us',
  description:
    "Questions about the course, a consultation or a program? Send us a message and we'll get back to you within 24 hours.",
} as const;

/** The support details shown beside the form (the spec leaves the values to us). */
export const SUPPORT_DETAILS = {
  email: 'support@restaurantconsultant.com',
  phone: '+1 (555) 010-0199',
  /** Shown as the site's own address. */
  website: () => (typeof window === 'undefined' ? '' : window.location.host),
} as const;

export const BUSINESS_HOURS = [
  { days: 'Monday - Friday', hours: '9am - 6pm Mountain Time' },
  { days: 'Saturday - Sunday', hours: 'Limited e-mail support' },
] as const;

/** Readable labels for the topic drop-down, in the contract's order. */
export const SUBJECT_LABELS: Record<ContactSubject, string> = {
  pricing: 'Pricing and plans',
  program: 'Program information',
  technical: 'Technical support',
  billing: 'Billing and payments',
  consultation: 'Free consultation',
  other: 'Something else',
};

export const CONTACT_FAILURE = {
  title: 'Message Not Sent',
  network: 'Please check your connection and try again.',
  fallback: 'Your message could not be sent. Please try again.',
} as const;

export const FAQ = [
  {
    id: 'response-time',
    question: 'How quickly will I hear back?',
    answer:
      'We answer every message within 24 hours on business days (Monday to Friday, 9am - 6pm Mountain Time). Messages sent at the weekend are answered by e-mail as soon as we can, at the latest on Monday.',
  },
  {
    id: 'consultation-call',
    question: 'What happens in the consultation call?',
    answer:
      'After you send your free consultation request with photos, a short walkthrough video and your menu, our consultant reviews them within 24-48 hours. In the call we go through what we saw and agree on specific changes to what you serve, how you serve it and how your dining room feels.',
  },
  {
    id: 'programmes',
    question: 'Which program is right for my restaurant?',
    answer:
      'The Self-Implementation Program suits owners who want the full course and tools and will put them in place themselves. The Premium Success Program adds hands-on guidance, and Flexible Payments spreads the cost. The pricing page compares all three.',
  },
  {
    id: 'payment-plans',
    question: 'Do you offer payment plans or revenue share?',
    answer:
      'Yes. Besides the one-time payment and financing, the Premium Success Program has nothing to pay upfront: after a 30-day risk-free implementation period you share 10% of your monthly net revenue increase, reported once a month.',
  },
] as const;
