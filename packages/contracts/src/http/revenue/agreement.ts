/**
 * The signed Premium Success agreement (docs/behaviour/revenue-share.md#the-signed-agreement;
 * docs/decisions.md, 111): the terms the owner agreed to, with the version, the date and time, the baseline
 * and the dates recorded at consent, as a PDF.
 *
 *   GET /api/revenue-share/agreement.pdf                        the signed-in owner's own; 404 before consent
 *   GET /api/admin/revenue-customers/:id/agreement.pdf          the admin's copy of any owner's (403 for others)
 */

export const AGREEMENT_MESSAGES = {
  download: 'Download agreement (PDF)',
  notOnPlan: 'Please agree to the Revenue Share Terms to see your agreement',
  noBaseline: 'No baseline: the whole net revenue counts',
  emailSubject: 'Your Premium Success agreement',
} as const;

export const AGREEMENT_PDF_PATH = '/api/revenue-share/agreement.pdf';

/** The admin's copy of an owner's agreement. */
export function adminAgreementPdfPath(customerId: string): string {
  return `/api/admin/revenue-customers/${encodeURIComponent(customerId)}/agreement.pdf`;
}

/** 'premium-success-agreement-v1.0.pdf': the download's and the e-mail attachment's name. */
export function agreementFileName(termsVersion: string): string {
  return `premium-success-agreement-${termsVersion.replace(/[^A-Za-z0-9.-]/g, '')}.pdf`;
}
