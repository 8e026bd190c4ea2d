/**
 * 'Your Premium Success agreement' (docs/behaviour/revenue-share.md#the-signed-agreement): sent once the
 * owner agreed, with the signed agreement attached as a PDF, the same file as on their dashboard.
 */
import { AGREEMENT_MESSAGES, agreementFileName, type RevenueAgreementIssued } from '@platform/contracts';
import { EMAIL_DATE, formatDate } from '@platform/contracts/format';
import type { MailAttachment } from '../db/schema.js';
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';

export const REVENUE_AGREEMENT_TEMPLATE = 'revenue-agreement';

export function renderAgreementEmail({
  agreement,
  settings,
}: {
  agreement: RevenueAgreementIssued;
  settings: TemplateSettings;
}): RenderedEmail {
  const agreedOn = formatDate(new Date(agreement.consentedAt), EMAIL_DATE);
  return renderEmail({
    subject: AGREEMENT_MESSAGES.emailSubject,
    preheader: `The Revenue Share Terms (${agreement.termsVersion}) you agreed to on ${agreedOn}, as a PDF.`,
    heading: 'Welcome to the Premium Success Program',
    greeting: `Hi ${greetingName(agreement.firstName)},`,
    intro: [
      `Thank you for joining. Your signed agreement is attached as a PDF: the Revenue Share Terms (${agreement.termsVersion}) you agreed to on ${agreedOn}, with your baseline, your 30-day risk-free implementation period and the first month you report.`,
      'Module 1 is open now; send your restaurant consultation to open the rest.',
    ],
    action: { label: 'Go to your dashboard', url: `${settings.baseUrl}/dashboard` },
    outro: [
      `Keep it for your records. You can download it again from your dashboard ('${AGREEMENT_MESSAGES.download}').`,
    ],
    settings,
  });
}

export function agreementAttachments(agreement: RevenueAgreementIssued): MailAttachment[] {
  return [
    {
      filename: agreementFileName(agreement.termsVersion),
      contentType: 'application/pdf',
      contentBase64: agreement.agreementPdf,
    },
  ];
}
