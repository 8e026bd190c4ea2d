/**
 * What each kind of consultation file may contain, decided from the first bytes by the kit's
 * `detectMediaType`, never from the name or the type the browser states (docs/decisions.md, 17). SVG, HTML
 * and other markup are never accepted, whatever they are called.
 */
import { UPLOAD_MESSAGES, type ConsultationFileKind } from '@platform/contracts';
import { detectMediaType, isPlainTextContent } from '@platform/service-kit/storage';
import type { ConsultationConfig } from '../config.js';

export interface FileRule {
  kind: ConsultationFileKind;
  maxBytes: number;
  /** Named in refusals: "an accepted image type (JPEG, PNG, …)". */
  label: string;
  /** Detected media type → the type the file is stored and served with. */
  accepted: Record<string, string>;
  /** A .txt file of plain UTF-8 text is accepted (additional documents only). */
  acceptsText?: boolean;
  /** DOCX can arrive as a ZIP whose Word parts lie past the first bytes. */
  acceptsDocx?: boolean;
}

const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
  'image/gif': 'image/gif',
  'image/heic': 'image/heic',
  'image/heic-sequence': 'image/heic',
  'image/heif': 'image/heif',
  'image/heif-sequence': 'image/heif',
  'image/avif': 'image/avif',
};
const VIDEO_TYPES: Record<string, string> = {
  'video/mp4': 'video/mp4',
  'video/x-m4v': 'video/mp4',
  'video/quicktime': 'video/quicktime',
  'video/webm': 'video/webm',
  'video/3gpp': 'video/3gpp',
  'video/3gpp2': 'video/3gpp2',
};
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const DOCUMENT_TYPES: Record<string, string> = {
  'application/pdf': 'application/pdf',
  // Word 97–2003 files are Compound File Binary containers.
  'application/x-cfb': 'application/msword',
  'application/msword': 'application/msword',
  [DOCX]: DOCX,
};
const JPEG_PNG: Record<string, string> = { 'image/jpeg': 'image/jpeg', 'image/png': 'image/png' };

export interface FileRules {
  /** The step-2 upload's kinds. */
  forKind(kind: ConsultationFileKind): FileRule;
  /** The fields of /additional-upload (its documents also take .txt, JPEG and PNG). */
  forAdditionalField(field: 'images' | 'videos' | 'documents'): FileRule;
}

export function fileRulesFrom(config: ConsultationConfig): FileRules {
  const image = config.CONSULTATION_MAX_IMAGE_BYTES;
  const rules: Record<ConsultationFileKind, FileRule> = {
    images: {
      kind: 'images',
      maxBytes: image,
      label: 'image (JPEG, PNG, WebP, GIF, HEIC)',
      accepted: IMAGE_TYPES,
    },
    menu_photos: {
      kind: 'menu_photos',
      maxBytes: image,
      label: 'image (JPEG, PNG, WebP, GIF, HEIC)',
      accepted: IMAGE_TYPES,
    },
    videos: {
      kind: 'videos',
      maxBytes: config.CONSULTATION_MAX_VIDEO_BYTES,
      label: 'video (MP4, MOV, WebM)',
      accepted: VIDEO_TYPES,
    },
    documents: {
      kind: 'documents',
      maxBytes: config.CONSULTATION_MAX_DOCUMENT_BYTES,
      label: 'document (PDF, DOC, DOCX)',
      accepted: DOCUMENT_TYPES,
      acceptsDocx: true,
    },
  };
  const additionalDocuments: FileRule = {
    ...rules.documents,
    label: 'document (PDF, DOC, DOCX, TXT, JPG, PNG)',
    accepted: { ...DOCUMENT_TYPES, ...JPEG_PNG },
    acceptsText: true,
  };
  return {
    forKind: (kind) => rules[kind],
    forAdditionalField: (field) =>
      field === 'documents' ? additionalDocuments : field === 'images' ? rules.images : rules.videos,
  };
}

export type Verdict = { ok: true; contentType: string } | { ok: false; reason: string };

/** Decides from the first bytes of a file (up to SNIFF_BYTES; all of it when shorter). */
export async function judgeFile(
  head: Buffer,
  fileName: string,
  rule: Omit<FileRule, 'kind' | 'maxBytes'>,
): Promise<Verdict> {
  if (head.length === 0) return { ok: false, reason: UPLOAD_MESSAGES.empty };
  const refused: Verdict = { ok: false, reason: UPLOAD_MESSAGES.notAllowed(rule.label) };
  const detected = await detectMediaType(head);
  if (detected) {
    const stored = rule.accepted[detected];
    if (stored) return { ok: true, contentType: stored };
    if (rule.acceptsDocx && detected === 'application/zip' && looksLikeDocx(head, fileName)) {
      return { ok: true, contentType: DOCX };
    }
    return refused;
  }
  if (rule.acceptsText && /\.txt$/i.test(fileName) && isPlainTextContent(head)) {
    return { ok: true, contentType: 'text/plain; charset=utf-8' };
  }
  return refused;
}

/** A ZIP named .docx whose first entries are the parts of a Word document. */
function looksLikeDocx(head: Buffer, fileName: string): boolean {
  if (!/\.docx$/i.test(fileName)) return false;
  const text = head.toString('latin1');
  return text.includes('[Content_Types].xml') || text.includes('word/');
}
