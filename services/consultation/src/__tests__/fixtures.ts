/**
 * Real files for the upload tests, made here: a JPEG (bytes from a real encoder), a PNG and a DOCX built
 * with node:zlib, the course's own MP4 and PDF, and disguised files (HTML and SVG named .jpg).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { UPLOAD_FILE_ID_FIELD, type ConsultationRequest } from '@platform/contracts';

const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const courseMedia = (name: string) => path.join(repoDir, 'services/course/media', name);

/** An 8×8 baseline JPEG (jpeg-js's encoder, quality 85), which decoders read back as 8×8 pixels. */
const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAUDBAQEAwUEBAQFBQUGBwwIBwcHBw8LCwkMEQ8SEhEPERETFhwXExQaFRERGCEYGh0dHx8fExciJCIeJBweHx4BBQUFBwYHDggIDh4UERQeHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHv/AABEIAAgACAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AOV05/8AWcen9a/Pa2K20P6Dy5fF8v1P/9k=';

export function jpeg(): Buffer {
  return Buffer.from(JPEG_BASE64, 'base64');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A truecolour PNG of one colour. */
export function png(width = 16, height = 16, rgb: [number, number, number] = [39, 174, 96]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method extras, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * What an entry's local header and its central directory record both hold, in the same order, from `at`
 * (extra field and comment lengths stay 0).
 */
function writeEntryFields(
  header: Buffer,
  at: number,
  fields: { crc: number; packedLength: number; rawLength: number; nameLength: number },
): void {
  header.writeUInt16LE(20, at); // version needed to extract
  header.writeUInt16LE(0, at + 2); // flags
  header.writeUInt16LE(8, at + 4); // deflated
  header.writeUInt32LE(0, at + 6); // time and date
  header.writeUInt32LE(fields.crc, at + 10);
  header.writeUInt32LE(fields.packedLength, at + 14);
  header.writeUInt32LE(fields.rawLength, at + 18);
  header.writeUInt16LE(fields.nameLength, at + 22);
}

/** A ZIP archive (deflated entries, central directory) of the given files, in order. */
export function zip(entries: Array<{ name: string; content: string | Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content, 'utf8');
    const packed = deflateRawSync(raw);
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(raw);
    const fields = { crc, packedLength: packed.length, rawLength: raw.length, nameLength: name.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    writeEntryFields(central, 6, fields);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A minimal Word document: the three parts Word needs to open it. */
export function docx(text = 'Our menu: soups, mains, desserts.'): Buffer {
  return zip([
    {
      name: '[Content_Types].xml',
      content:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      content:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    },
    {
      name: 'word/document.xml',
      content:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        `<w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    },
  ]);
}

/** A Word 97–2003 file's container header (Compound File Binary), padded to one sector. */
export function legacyDoc(): Buffer {
  const bytes = Buffer.alloc(1536);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  bytes.writeUInt16LE(0x003e, 24);
  bytes.writeUInt16LE(0x0003, 26);
  bytes.writeUInt16LE(0xfffe, 28);
  bytes.writeUInt16LE(9, 30);
  return bytes;
}

/** An MP4 `ftyp` box followed by `size` bytes in total of filler (a stand-in for a big video). */
export function fakeMp4(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x2e);
  Buffer.from('000000186674797069736f6d0000020069736f6d6d703432', 'hex').copy(bytes, 0);
  return bytes;
}

export const memberLessonMp4 = () => readFile(courseMedia('member-lesson.mp4'));
export const workbookPdf = () => readFile(courseMedia('restaurant-goals-workbook.pdf'));

export const htmlPage = () =>
  Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/auth/user")</script></body></html>');
export const svgWithScript = () =>
  Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
  );

export interface UploadPart {
  /** `fileType` value (step 2) or the field name (additional files). */
  field: string;
  name: string;
  bytes: Buffer;
  /** What the browser claims; the server ignores it. */
  type?: string;
  /** The id the page gave the file (UPLOAD_FILE_ID_FIELD before it). */
  id?: string;
}

/** `part`'s bytes as a browser sends a file, under the field name `name`, after its id if it has one. */
function appendFile(form: FormData, name: string, part: UploadPart): void {
  if (part.id) form.append(UPLOAD_FILE_ID_FIELD, part.id);
  form.append(name, new Blob([part.bytes], { type: part.type ?? 'application/octet-stream' }), part.name);
}

/** Step 2's form: `fileType` before each file. */
export function uploadForm(parts: UploadPart[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    form.append('fileType', part.field);
    appendFile(form, 'files', part);
  }
  return form;
}

/** /additional-upload's form: the field name is the kind. */
export function additionalForm(parts: UploadPart[]): FormData {
  const form = new FormData();
  for (const part of parts) appendFile(form, part.field, part);
  return form;
}

export function stepOne(overrides: Partial<ConsultationRequest> = {}): ConsultationRequest {
  return {
    businessName: 'Blue Door Bistro LLC',
    ownerName: 'Maria Lopez',
    email: `maria-${randomUUID().slice(0, 8)}@bluedoorbistro.com`,
    phone: '(555) 201-3344',
    restaurantPhone: '',
    restaurantName: 'Blue Door Bistro',
    location: 'Denver, Colorado',
    currentChallenges: 'Food costs keep rising and weekday covers are down about 20% since spring.',
    consultationGoals: 'Bring food cost under 30% and fill the Tuesday and Wednesday dinner service.',
    ...overrides,
  };
}
