/** The page's own words (docs/behaviour/consultation-and-contact.md#upload-additional-files). */
export const ADDITIONAL_PAGE = {
  title: 'Upload Additional Files',
  description:
    'Add more photos, videos or documents to a consultation you already sent. Enter the e-mail address you used for it.',
  linkDescription: 'Add more photos, videos or documents to the consultation you sent us.',
  linkEmailedTitle: 'Check your e-mail',
  linkEmailed: (email: string) =>
    `We e-mailed a link to ${email}. Open it on this device to add files to your consultation. If no e-mail arrives within a few minutes, check your spam folder or try the address you used for the consultation.`,
  invalidLinkTitle: 'This link does not work',
  yourConsultations: (count: number) =>
    count === 1
      ? 'Your consultation is below: add your files to it.'
      : `You have ${count} consultations: choose the one your files are for.`,
  yourConsultationsLabel: 'Your consultations',
  consultationFacts: (sentOn: string, photos: number, videos: number, documents: number) =>
    `Sent ${sentOn} · ${plural(photos, 'photo')}, ${plural(videos, 'video')}, ${plural(documents, 'document')}`,
} as const;

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Where a signed-in owner goes once every chosen file is stored, and the query that page reads. */
export const MY_CONSULTATIONS_PATH = '/my-consultations';
export const MY_CONSULTATIONS_QUERY_KEY = ['/api/my-consultations'] as const;

export const FIELD_COPY = {
  images: {
    label: 'Photos',
    choose: 'Choose photos',
    hint: 'JPEG, PNG, WebP, HEIC or GIF, up to 20 MB each.',
  },
  videos: {
    label: 'Videos',
    choose: 'Choose videos',
    hint: 'MP4, MOV or WebM, up to 2 GB each.',
  },
  documents: {
    label: 'Documents',
    choose: 'Choose documents',
    hint: 'PDF, DOC, DOCX, TXT, JPG or PNG, up to 25 MB each.',
  },
} as const;
