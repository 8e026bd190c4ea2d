import { describe, expect, it } from '@jest/globals';
import { RESUMABLE_FROM_BYTES, checkFile, kindFor, uploadsResumably } from '../lib/file-rules';

const MB = 1024 * 1024;

describe('step 2 file checks', () => {
  it('sends photos as images, the video as videos, and a menu as photos or a document', () => {
    expect(kindFor('photos', { name: 'room.jpg', type: 'image/jpeg' })).toBe('images');
    expect(kindFor('photos', { name: 'IMG_0001.HEIC', type: '' })).toBe('images');
    expect(kindFor('video', { name: 'walk.mov', type: 'video/quicktime' })).toBe('videos');
    expect(kindFor('menu', { name: 'menu.pdf', type: 'application/pdf' })).toBe('documents');
    expect(kindFor('menu', { name: 'menu.docx', type: '' })).toBe('documents');
    expect(kindFor('menu', { name: 'menu-page-1.png', type: 'image/png' })).toBe('menu_photos');
  });

  it('refuses a file of the wrong sort for its input, saying what is expected', () => {
    const check = checkFile('photos', { name: 'notes.pdf', type: 'application/pdf', size: 10 });
    expect(check).toEqual({ ok: false, reason: expect.stringContaining('Not a photo') });
    expect(checkFile('video', { name: 'room.jpg', type: 'image/jpeg', size: 10 }).ok).toBe(false);
    expect(checkFile('menu', { name: 'menu.txt', type: 'text/plain', size: 10 }).ok).toBe(false);
  });

  it('refuses files over the size limits and empty files', () => {
    expect(checkFile('photos', { name: 'big.jpg', type: 'image/jpeg', size: 20 * MB })).toEqual({
      ok: true,
      kind: 'images',
    });
    expect(checkFile('photos', { name: 'big.jpg', type: 'image/jpeg', size: 20 * MB + 1 })).toEqual({
      ok: false,
      reason: 'File is larger than the 20 MB limit',
    });
    expect(checkFile('menu', { name: 'menu.pdf', type: 'application/pdf', size: 26 * MB })).toEqual({
      ok: false,
      reason: 'File is larger than the 25 MB limit',
    });
    expect(checkFile('video', { name: 'walk.mp4', type: 'video/mp4', size: 2 * 1024 * MB + 1 })).toEqual({
      ok: false,
      reason: 'File is larger than the 2 GB limit',
    });
    expect(checkFile('photos', { name: 'empty.png', type: 'image/png', size: 0 })).toEqual({
      ok: false,
      reason: 'File is empty',
    });
  });

  it('sends the walkthrough video and large files resumably, small photos and documents in one request', () => {
    expect(uploadsResumably('videos', 10)).toBe(true);
    expect(uploadsResumably('images', 3_000_000)).toBe(false);
    expect(uploadsResumably('images', RESUMABLE_FROM_BYTES)).toBe(true);
    expect(uploadsResumably('documents', RESUMABLE_FROM_BYTES - 1)).toBe(false);
    expect(uploadsResumably('menu_photos', 15 * 1024 * 1024)).toBe(true);
  });
});
