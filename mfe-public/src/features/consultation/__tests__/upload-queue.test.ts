import { describe, expect, it } from '@jest/globals';
import { countByStatus, getSendable, reduceUploadQueue } from '../lib/upload-queue';
import { item } from './queued-file';

describe('the step 2 upload queue', () => {
  it('moves a file from chosen to uploading with its real progress to stored', () => {
    let queue = reduceUploadQueue<string>([], { type: 'add', items: [item('a'), item('b')] });
    queue = reduceUploadQueue(queue, { type: 'start', id: 'a' });
    queue = reduceUploadQueue(queue, { type: 'progress', id: 'a', loaded: 400, total: 1600 });
    expect(queue[0]).toMatchObject({ status: 'uploading', percent: 25 });
    queue = reduceUploadQueue(queue, { type: 'stored', id: 'a' });
    expect(queue[0]).toMatchObject({ status: 'stored', percent: 100 });
    expect(queue[1]).toMatchObject({ status: 'pending', percent: 0 });
  });

  it('keeps a refused file listed with its reason while the others stay stored', () => {
    let queue = [item('a', { status: 'stored', percent: 100 }), item('b', { status: 'uploading' })];
    queue = reduceUploadQueue(queue, {
      type: 'refused',
      id: 'b',
      reason: 'File content is not an accepted image type',
    });
    expect(queue.map((entry) => entry.status)).toEqual(['stored', 'refused']);
    expect(queue[1]?.reason).toBe('File content is not an accepted image type');
  });

  it('lets a failed file be tried again on its own, from 0%', () => {
    let queue = [
      item('a', { status: 'stored' }),
      item('b', { status: 'failed', percent: 40, reason: 'Network error' }),
    ];
    queue = reduceUploadQueue(queue, { type: 'start', id: 'b' });
    expect(queue[1]).toMatchObject({ status: 'uploading', percent: 0, reason: null });
    // A stored file is never sent again.
    queue = reduceUploadQueue(queue, { type: 'start', id: 'a' });
    expect(queue[0]?.status).toBe('stored');
  });

  it('removes only files that are not on their way or stored', () => {
    const queue = [
      item('pending'),
      item('uploading', { status: 'uploading' }),
      item('stored', { status: 'stored' }),
      item('refused', { status: 'refused' }),
    ];
    let next = queue;
    for (const id of ['pending', 'uploading', 'stored', 'refused'])
      next = reduceUploadQueue(next, { type: 'remove', id });
    expect(next.map((entry) => entry.id)).toEqual(['uploading', 'stored']);
  });

  it('sends the chosen files of one input only, and counts by state', () => {
    const queue = [
      item('a'),
      item('b', { slot: 'menu', kind: 'documents' }),
      item('c', { status: 'refused', kind: null }),
      item('d', { status: 'stored' }),
    ];
    expect(getSendable(queue, 'photos').map((entry) => entry.id)).toEqual(['a']);
    expect(countByStatus(queue)).toEqual({ pending: 2, uploading: 0, stored: 1, refused: 1, failed: 0 });
    expect(countByStatus(queue, 'menu').pending).toBe(1);
  });

  it('follows a resumable upload while it is paused or waits for the network, and forgets it when done', () => {
    let queue = reduceUploadQueue<string>([], {
      type: 'add',
      items: [item('v', { slot: 'video', kind: 'videos' })],
    });
    // Before it starts, nothing is on its way to pause.
    queue = reduceUploadQueue(queue, { type: 'transfer', id: 'v', transfer: 'paused' });
    expect(queue[0]?.transfer).toBeUndefined();
    queue = reduceUploadQueue(queue, { type: 'start', id: 'v' });
    queue = reduceUploadQueue(queue, { type: 'progress', id: 'v', loaded: 500, total: 1000 });
    queue = reduceUploadQueue(queue, { type: 'transfer', id: 'v', transfer: 'waiting-for-network' });
    expect(queue[0]).toMatchObject({ status: 'uploading', percent: 50, transfer: 'waiting-for-network' });
    queue = reduceUploadQueue(queue, { type: 'transfer', id: 'v', transfer: 'paused' });
    expect(queue[0]).toMatchObject({ percent: 50, transfer: 'paused' });
    queue = reduceUploadQueue(queue, { type: 'stored', id: 'v' });
    expect(queue[0]).toMatchObject({ status: 'stored', percent: 100, transfer: undefined });
  });
});
