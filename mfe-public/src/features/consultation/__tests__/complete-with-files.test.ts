import { describe, expect, it } from '@jest/globals';
import {
  getUnsent,
  groupBySlot,
  hasWorkToLose,
  judgeUploadsBeforeCompleting,
  summariseBatch,
} from '../lib/complete-with-files';
import { item } from './queued-file';

describe('completing with files chosen but not uploaded', () => {
  it('sends first every chosen file not stored: never sent, or failed, but not one refused', () => {
    const queue = [
      item('chosen'),
      item('failed', { status: 'failed', reason: 'Network error during upload' }),
      item('stored', { status: 'stored' }),
      item('refused-by-server', { status: 'refused', reason: 'File content is not an accepted image type' }),
      item('refused-by-browser', { kind: null, status: 'refused', reason: 'File is empty' }),
      item('video', { slot: 'video', kind: 'videos' }),
      item('menu', { slot: 'menu', kind: 'documents', status: 'failed' }),
    ];
    expect(getUnsent(queue).map((entry) => entry.id)).toEqual(['chosen', 'failed', 'video', 'menu']);
    expect(groupBySlot(getUnsent(queue)).map(([slot, group]) => [slot, group.map((g) => g.id)])).toEqual([
      ['photos', ['chosen', 'failed']],
      ['video', ['video']],
      ['menu', ['menu']],
    ]);
    expect(getUnsent([item('done', { status: 'stored' })])).toEqual([]);
  });

  it('completes only when every file sent first was stored', () => {
    expect(
      judgeUploadsBeforeCompleting([
        { name: 'a.jpg', outcome: { kind: 'stored', path: '/api/consultation-files/a' } },
        { name: 'b.mp4', outcome: { kind: 'stored', path: null } },
      ]),
    ).toEqual({ kind: 'complete' });
    expect(judgeUploadsBeforeCompleting([])).toEqual({ kind: 'complete' });
  });

  it('asks, naming each file, when the connection dropped, the server failed or refused one', () => {
    expect(
      judgeUploadsBeforeCompleting([
        { name: 'a.jpg', outcome: { kind: 'stored', path: null } },
        { name: 'b.jpg', outcome: { kind: 'transport', failure: 'network' } },
        { name: 'c.jpg', outcome: { kind: 'failed', status: 503, message: null } },
        { name: 'd.jpg', outcome: { kind: 'refused', reason: 'File is empty' } },
        { name: 'e.pdf', outcome: { kind: 'transport', failure: 'timeout' } },
      ]),
    ).toEqual({ kind: 'ask', failed: ['b.jpg', 'c.jpg', 'e.pdf'], refused: ['d.jpg'] });
  });

  it('neither completes nor asks when the owner left the page or cancelled', () => {
    expect(
      judgeUploadsBeforeCompleting([
        { name: 'a.jpg', outcome: { kind: 'stored', path: null } },
        { name: 'b.mp4', outcome: { kind: 'transport', failure: 'aborted' } },
      ]),
    ).toEqual({ kind: 'stopped' });
  });

  it('shows the combined progress of the files sent first', () => {
    const queue = [
      item('a', { status: 'stored', size: 1000 }),
      item('b', { status: 'uploading', size: 3000, loaded: 1000 }),
      item('c', { size: 4000 }),
      item('elsewhere', { status: 'uploading', size: 100_000, loaded: 5 }),
    ];
    expect(summariseBatch(queue, ['a', 'b', 'c'])).toEqual({ stored: 1, total: 3, percent: 25 });
  });

  it('asks before the page is left while a chosen file is not stored or an upload is on its way', () => {
    expect(hasWorkToLose([item('a')])).toBe(true);
    expect(hasWorkToLose([item('a', { status: 'failed' })])).toBe(true);
    expect(hasWorkToLose([item('a', { status: 'uploading' })])).toBe(true);
    expect(hasWorkToLose([item('a', { status: 'stored' }), item('b', { status: 'refused' })])).toBe(false);
    expect(hasWorkToLose([])).toBe(false);
  });
});
