/**
 * The consultation's e-mails (docs/behaviour/consultation-and-contact.md#e-mails;
 * docs/decisions.md, 15 and 22): the owner's confirmation with the add-files link, the support inbox's
 * new-request notice, the owner's answer from the admin, the 'Continue Later' link back to step 2, the
 * e-mailed add-files link of the look-up by address, and a contact message for support.
 */
import { COMPLETION_LINK_TTL_DAYS } from '@platform/contracts';
import { timeLeftUntil } from './link-time-left.js';
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';

export const CONSULTATION_RECEIVED_TEMPLATE = 'consultation-received';
export const CONSULTATION_NEW_REQUEST_TEMPLATE = 'consultation-new-request';
export const CONSULTATION_RESPONSE_TEMPLATE = 'consultation-response';
export const CONSULTATION_ADD_FILES_LINK_TEMPLATE = 'consultation-add-files-link';
export const CONSULTATION_CONTINUE_LINK_TEMPLATE = 'consultation-continue-link';
export const CONTACT_MESSAGE_TEMPLATE = 'contact-message';

/** The owner's first name from "Ana Silva". */
function firstNameOf(ownerName: string): string {
  return greetingName(ownerName.trim().split(/\s+/)[0] ?? '');
}

export function addFilesLink(baseUrl: string, token: string): string {
  return `${baseUrl}/additional-upload?token=${encodeURIComponent(token)}`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Paragraphs as the author wrote them: blank lines separate paragraphs; single newlines are kept apart too. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export interface ConsultationReceivedInput {
  ownerName: string;
  businessName: string;
  imageCount: number;
  videoCount: number;
  documentCount: number;
  addFilesToken: string;
  settings: TemplateSettings;
}

/** "3 photos, 1 video and 1 document": the kinds that came, in a sentence; null when none did. */
export function describeFileCounts(counts: {
  imageCount: number;
  videoCount: number;
  documentCount: number;
}): string | null {
  const parts = [
    counts.imageCount > 0 ? plural(counts.imageCount, 'photo', 'photos') : null,
    counts.videoCount > 0 ? plural(counts.videoCount, 'video', 'videos') : null,
    counts.documentCount > 0 ? plural(counts.documentCount, 'document', 'documents') : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  const last = parts.pop()!;
  return parts.length > 0 ? `${parts.join(', ')} and ${last}` : last;
}

export function renderConsultationReceivedEmail(input: ConsultationReceivedInput): RenderedEmail {
  const files = describeFileCounts(input);
  return renderEmail({
    subject: 'We received your free consultation request',
    preheader: `Thank you — we review your request for ${input.businessName} within 24-48 hours.`,
    heading: 'Your consultation request is in',
    greeting: `Hi ${firstNameOf(input.ownerName)},`,
    intro: [
      `Thank you for your consultation request for ${input.businessName}.`,
      files
        ? `We received your business information and ${files}.`
        : 'We received your business information; no photos, video or menu came with it yet.',
      'Our team reviews every request personally and answers within 24-48 hours.',
      'Forgot a photo, or want to send the menu later? Add files to this request with the button below.',
    ],
    action: { label: 'Add more files', url: addFilesLink(input.settings.baseUrl, input.addFilesToken) },
    outro: [
      `Keep this e-mail: for ${COMPLETION_LINK_TTL_DAYS} days its link adds files to your request. Do not forward it.`,
      `With an account for this address, you can also follow your request at ${input.settings.baseUrl}/my-consultations.`,
    ],
    settings: input.settings,
  });
}

export interface ConsultationNewRequestInput {
  ownerName: string;
  email: string;
  businessName: string;
  restaurantName: string;
  location: string;
  imageCount: number;
  videoCount: number;
  documentCount: number;
  settings: TemplateSettings;
}

export function renderConsultationNewRequestEmail(input: ConsultationNewRequestInput): RenderedEmail {
  return renderEmail({
    subject: `New consultation request: ${input.businessName}`,
    preheader: `${input.ownerName} (${input.location}) sent a consultation request.`,
    heading: 'A new consultation request',
    greeting: 'Hello,',
    intro: [
      `${input.ownerName} <${input.email}> completed a consultation request for ${input.businessName} (${input.restaurantName}), ${input.location}.`,
      `Files: ${plural(input.imageCount, 'photo', 'photos')}, ${plural(input.videoCount, 'video', 'videos')}, ${plural(input.documentCount, 'document', 'documents')}.`,
      'The owner was told to expect an answer within 24-48 hours.',
    ],
    action: {
      label: 'Review the request',
      url: `${input.settings.baseUrl}/private-admin-panel-support-only`,
    },
    outro: [],
    settings: input.settings,
    audience: 'support',
  });
}

export interface ConsultationResponseInput {
  ownerName: string;
  businessName: string;
  consultationResponse: string;
  settings: TemplateSettings;
}

export function renderConsultationResponseEmail(input: ConsultationResponseInput): RenderedEmail {
  return renderEmail({
    subject: `Your consultation for ${input.businessName} is ready`,
    preheader: 'Our recommendations for your restaurant are inside.',
    heading: 'Your consultation response',
    greeting: `Hi ${firstNameOf(input.ownerName)},`,
    intro: [
      `We reviewed what you sent us about ${input.businessName}. Here is our response:`,
      ...paragraphsOf(input.consultationResponse),
    ],
    action: { label: 'See it in My Consultations', url: `${input.settings.baseUrl}/my-consultations` },
    outro: ['Reply to this e-mail or write to us from the contact page with any question about it.'],
    settings: input.settings,
  });
}

/** 'Continue Later': step 2 of /consultation again, for the request the token names. */
export function continueLink(baseUrl: string, token: string): string {
  return `${baseUrl}/consultation?token=${encodeURIComponent(token)}`;
}

export interface ConsultationContinueLinkInput {
  ownerName: string;
  businessName: string;
  token: string;
  expiresAt: string;
  settings: TemplateSettings;
}

export function renderConsultationContinueLinkEmail(input: ConsultationContinueLinkInput): RenderedEmail {
  const validFor = timeLeftUntil(input.expiresAt);
  return renderEmail({
    subject: 'Continue your free consultation request',
    preheader: `Your information for ${input.businessName} is saved. Add your photos, video and menu when you are ready.`,
    heading: 'Pick up where you left off',
    greeting: `Hi ${firstNameOf(input.ownerName)},`,
    intro: [
      `Your business information for ${input.businessName} is saved. Your request is not sent yet.`,
      'When you are ready, add photos of your restaurant, a short walkthrough video and your menu, then press “Complete Submission & Send Confirmation”. We review every request within 24-48 hours of that.',
    ],
    action: { label: 'Continue my request', url: continueLink(input.settings.baseUrl, input.token) },
    outro: [
      `The link works for ${validFor}, on any device. Do not forward it: it opens your request.`,
      'If you did not start this request, ignore this e-mail.',
    ],
    settings: input.settings,
  });
}

export interface ConsultationAddFilesLinkInput {
  links: Array<{ businessName: string; token: string; expiresAt: string }>;
  settings: TemplateSettings;
}

export function renderConsultationAddFilesLinkEmail(input: ConsultationAddFilesLinkInput): RenderedEmail {
  const [newest, ...older] = input.links;
  if (!newest) throw new Error('an add-files e-mail needs at least one link');
  const validFor = timeLeftUntil(newest.expiresAt);
  return renderEmail({
    subject: 'Add files to your consultation request',
    preheader: 'The link you asked for to add photos, videos or documents.',
    heading: 'Add files to your request',
    greeting: 'Hi there,',
    intro: [
      `Someone (we hope you) asked to add files to the consultation request for ${newest.businessName} sent from this address.`,
      ...older.map(
        (link) =>
          `Another request from this address, ${link.businessName}: ${addFilesLink(input.settings.baseUrl, link.token)}`,
      ),
    ],
    action: { label: 'Add files', url: addFilesLink(input.settings.baseUrl, newest.token) },
    outro: [
      `The link expires in ${validFor}.`,
      'If you did not ask for this, ignore this e-mail: nothing changes without the link.',
    ],
    settings: input.settings,
  });
}

export interface ContactMessageInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  restaurantName: string | null;
  subject: string;
  message: string;
  settings: TemplateSettings;
}

export function renderContactMessageEmail(input: ContactMessageInput): RenderedEmail {
  const name = `${input.firstName} ${input.lastName}`.trim();
  return renderEmail({
    subject: `Contact form (${input.subject}): ${name}`,
    preheader: input.message.slice(0, 120),
    heading: 'A message from the contact page',
    greeting: 'Hello,',
    intro: [
      `From: ${name} <${input.email}>`,
      `Phone: ${input.phone ?? '—'} · Restaurant: ${input.restaurantName ?? '—'} · Topic: ${input.subject}`,
      ...paragraphsOf(input.message),
    ],
    action: { label: `Reply to ${input.firstName}`, url: `mailto:${input.email}` },
    outro: ['We promised an answer within 24 hours.'],
    settings: input.settings,
    audience: 'support',
  });
}

export const CONSULTATION_MESSAGE_TO_OWNER_TEMPLATE = 'consultation-message-to-owner';
export const CONSULTATION_MESSAGE_TO_SUPPORT_TEMPLATE = 'consultation-message-to-support';

export interface ConsultationMessageInput {
  author: 'owner' | 'admin';
  ownerName: string;
  email: string;
  businessName: string;
  body: string;
  /** Files on the message (docs/decisions.md, 107): the mail says they are there, it does not carry them. */
  fileCount?: number;
  settings: TemplateSettings;
}

/** "2 files are attached to this reply: …", or nothing without files. */
export function messageFilesNote(fileCount = 0): string[] {
  if (fileCount === 0) return [];
  const files = fileCount === 1 ? '1 file is' : `${fileCount} files are`;
  return [`${files} attached to this reply: open the conversation in My Consultations to download them.`];
}

/**
 * A message in a consultation's thread (docs/decisions.md, 97), for the side that did not write it: the
 * admin's to the owner, the owner's to the support inbox. The text is the author's, escaped by the layout.
 */
export function renderConsultationMessageEmail(input: ConsultationMessageInput): RenderedEmail {
  const paragraphs = paragraphsOf(input.body);
  if (input.author === 'admin') {
    return renderEmail({
      subject: `A new message about your consultation for ${input.businessName}`,
      preheader: input.body.slice(0, 120),
      heading: 'A new message from your consultant',
      greeting: `Hi ${firstNameOf(input.ownerName)},`,
      intro: [
        'We wrote in the conversation about your consultation request:',
        ...paragraphs,
        ...messageFilesNote(input.fileCount),
      ],
      action: { label: 'Reply in My Consultations', url: `${input.settings.baseUrl}/my-consultations` },
      outro: ['Reply from My Consultations so the whole conversation stays in one place.'],
      settings: input.settings,
    });
  }
  return renderEmail({
    subject: `New message from ${input.ownerName}: ${input.businessName}`,
    preheader: input.body.slice(0, 120),
    heading: 'A new message on a consultation request',
    greeting: 'Hello,',
    intro: [`${input.ownerName} <${input.email}> wrote about ${input.businessName}:`, ...paragraphs],
    action: {
      label: 'Answer in the admin area',
      url: `${input.settings.baseUrl}/private-admin-panel-support-only`,
    },
    outro: [],
    settings: input.settings,
    audience: 'support',
  });
}
