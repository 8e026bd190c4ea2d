import { describe, expect, it } from '@jest/globals';
import { UPLOAD_ID_PREFIXES, parseUploadMetadata, uploadPurposeOfId } from '../http/uploads.js';

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

describe('resumable upload metadata and ids', () => {
  it('decodes tus metadata: base64 values, UTF-8 text, a key alone as empty', () => {
    expect(
      parseUploadMetadata(`purpose ${b64('consultation')},filename ${b64('Café menu.pdf')},is_draft`),
    ).toEqual({
      purpose: 'consultation',
      filename: 'Café menu.pdf',
      is_draft: '',
    });
    expect(parseUploadMetadata(undefined)).toEqual({});
    expect(parseUploadMetadata('  ')).toEqual({});
  });

  it('refuses malformed metadata', () => {
    for (const header of [
      `purpose not*base64`,
      `purpose ${b64('a')} extra`,
      `purpose ${b64('a')},purpose ${b64('b')}`,
      `,purpose ${b64('a')}`,
    ])
      expect({ header, parsed: parseUploadMetadata(header) }).toEqual({ header, parsed: null });
  });

  it('names the purpose of an issued id by its prefix, and nothing else', () => {
    const hex = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    expect(uploadPurposeOfId(`${UPLOAD_ID_PREFIXES['lesson-video']}-${hex}`)).toBe('lesson-video');
    expect(uploadPurposeOfId(`${UPLOAD_ID_PREFIXES.consultation}-${hex}`)).toBe('consultation');
    for (const id of [hex, `xx-${hex}`, 'cf-short', `cf-${hex}/result`, `CF-${hex}`])
      expect({ id, purpose: uploadPurposeOfId(id) }).toEqual({ id, purpose: null });
  });
});
