import { describe, expect, it } from '@jest/globals';
import { ADMIN_CONSULTATION_MESSAGES, ConsultationFileSchema } from '@platform/contracts';
import type { ConsultationFile } from '@platform/contracts';
import { countByStatus, filterByStatus, getStatusFilterLabel } from '../lib/consultation-status';
import {
  buildSaveNotesRequest,
  buildStatusRequest,
  formatFileSize,
  getDisplayBusinessName,
  getFilePresentation,
  groupFiles,
  hasResponseText,
} from '../lib/review-rules';
import { REVIEW_MESSAGES } from '../lib/review-messages';

function file(overrides: Partial<ConsultationFile>): ConsultationFile {
  return ConsultationFileSchema.parse({
    id: 'f1',
    kind: 'images',
    originalName: 'dining-room.png',
    contentType: 'image/png',
    size: 2048,
    url: '/api/consultation-files/f1',
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  });
}

describe('admin consultations: status filter', () => {
  it('filters and counts by status, keeping unknown statuses under all', () => {
    const list = [
      { id: 'old', status: 'completed' },
      { id: 'new', status: 'pending' },
      { id: 'mid', status: 'pending' },
      { id: 'odd', status: 'archived' },
    ];
    expect(filterByStatus(list, 'pending').map((item) => item.id)).toEqual(['new', 'mid']);
    expect(filterByStatus(list, 'all')).toHaveLength(4);
    expect(filterByStatus(list, 'cancelled')).toEqual([]);
    expect(countByStatus(list)).toEqual({ all: 4, pending: 2, in_review: 0, completed: 1, cancelled: 0 });
    expect(getStatusFilterLabel('all')).toBe('All statuses');
    expect(getStatusFilterLabel('in_review')).toBe('In Review');
  });
});

describe('admin consultations: messages', () => {
  it("uses the contract's words for the page's messages", () => {
    expect(REVIEW_MESSAGES.fetchFailed).toBe(ADMIN_CONSULTATION_MESSAGES.listFailed);
    expect(REVIEW_MESSAGES.statusFailed).toBe(ADMIN_CONSULTATION_MESSAGES.statusFailed);
    expect(REVIEW_MESSAGES.notesFailed).toBe(ADMIN_CONSULTATION_MESSAGES.notesFailed);
    expect(REVIEW_MESSAGES.responseRequiredTitle).toBe(ADMIN_CONSULTATION_MESSAGES.responseRequiredTitle);
    expect(REVIEW_MESSAGES.responseRequiredDescription).toBe(ADMIN_CONSULTATION_MESSAGES.responseRequired);
  });
});

describe('admin consultations: review', () => {
  it('names the business, falling back to the business type, then the restaurant', () => {
    expect(getDisplayBusinessName({ businessName: 'Casa Verde', businessType: 'Bistro' })).toBe('Casa Verde');
    expect(getDisplayBusinessName({ businessName: '  ', businessType: 'Bistro' })).toBe('Bistro');
    expect(getDisplayBusinessName({ businessName: '', businessType: null, restaurantName: 'Verde' })).toBe(
      'Verde',
    );
    expect(getDisplayBusinessName({})).toBe('Unnamed business');
  });

  it('needs a written response before completing', () => {
    expect(hasResponseText('')).toBe(false);
    expect(hasResponseText('   \n ')).toBe(false);
    expect(hasResponseText(null)).toBe(false);
    expect(hasResponseText('Move the menu board.')).toBe(true);
  });

  it('saves notes without touching the status, and sends the status with what the admin typed', () => {
    expect(buildSaveNotesRequest('Called the owner')).toEqual({ adminNotes: 'Called the owner' });
    expect(buildStatusRequest('in_review', 'Looking', '')).toEqual({
      status: 'in_review',
      adminNotes: 'Looking',
    });
    expect(buildStatusRequest('completed', '', '  Rearrange the tables.  ')).toEqual({
      status: 'completed',
      adminNotes: '',
      consultationResponse: 'Rearrange the tables.',
    });
  });

  it('shows images inline, plays videos and offers everything else as a download', () => {
    const photo = file({ id: 'a' });
    const menuPhoto = file({ id: 'b', kind: 'menu_photos', contentType: 'image/jpeg' });
    const video = file({ id: 'c', kind: 'videos', contentType: 'video/mp4' });
    const pdf = file({ id: 'd', kind: 'documents', contentType: 'application/pdf' });
    expect(getFilePresentation(photo)).toBe('image');
    expect(getFilePresentation(video)).toBe('video');
    expect(getFilePresentation(pdf)).toBe('document');
    const groups = groupFiles([pdf, photo, video, menuPhoto]);
    expect(groups.images.map((f) => f.id)).toEqual(['a', 'b']);
    expect(groups.videos.map((f) => f.id)).toEqual(['c']);
    expect(groups.documents.map((f) => f.id)).toEqual(['d']);
  });

  it('writes file sizes people can read', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(3.4 * 1024 * 1024)).toBe('3.4 MB');
    expect(formatFileSize(1.25 * 1024 * 1024 * 1024)).toBe('1.3 GB');
  });
});
