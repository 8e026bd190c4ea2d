/**
 * Step 2's files: choosing (checked in the browser first), uploading one file per request so each has
 * its own real progress and a failed one can be retried alone, and one toast after each run.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from '@platform/ui';
import { uploadConsultationFile } from '../api/upload-consultation-file';
import type { TransferControls } from '../api/upload-consultation-file';
import { MAX_FILES_PER_CHOICE, checkFile } from './file-rules';
import type { UploadSlot } from './file-rules';
import { pluralFiles, summariseRun } from './run-summary';
import type { RunResult } from './run-summary';
import { describeFileProblem } from './upload-answer';
import { getUnsent, groupBySlot } from './complete-with-files';
import { getSendable, reduceUploadQueue } from './upload-queue';
import type { QueuedFile } from './upload-queue';

let nextId = 0;

const isAborted = (result: RunResult) =>
  result.outcome.kind === 'transport' && result.outcome.failure === 'aborted';

function toQueued(slot: UploadSlot, file: File): QueuedFile {
  const check = checkFile(slot, { name: file.name, type: file.type, size: file.size });
  nextId += 1;
  return {
    id: `file-${nextId}`,
    slot,
    kind: check.ok ? check.kind : null,
    file,
    name: file.name,
    size: file.size,
    status: check.ok ? 'pending' : 'refused',
    loaded: 0,
    percent: 0,
    reason: check.ok ? null : check.reason,
  };
}

export type SubmissionAccess = { submissionId: string; uploadToken: string };

export function useConsultationUploads(access: SubmissionAccess) {
  const [queue, dispatch] = useReducer(reduceUploadQueue<File>, []);
  const queueRef = useRef(queue);
  queueRef.current = queue;
  // Inputs whose files are being sent: their upload button waits until the run ends.
  const [busySlots, setBusySlots] = useState<ReadonlySet<UploadSlot>>(() => new Set());
  const busyRef = useRef(new Set<UploadSlot>());
  const controllers = useRef(new Set<AbortController>());
  // The pause/resume of each resumable upload on its way, by queued file id.
  const transfers = useRef(new Map<string, TransferControls>());

  // Leaving the page stops what is still on its way.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running) controller.abort();
    };
  }, []);

  const choose = useCallback((slot: UploadSlot, files: readonly File[]) => {
    if (files.length === 0) return;
    // The walkthrough video is one file: a new choice replaces one not yet sent.
    if (slot === 'video') {
      for (const item of queueRef.current)
        if (item.slot === 'video' && item.status !== 'uploading' && item.status !== 'stored')
          dispatch({ type: 'remove', id: item.id });
    }
    const limit = slot === 'video' ? 1 : MAX_FILES_PER_CHOICE;
    const items = files.slice(0, limit).map((file) => toQueued(slot, file));
    dispatch({ type: 'add', items });
    const lines = items
      .filter((item) => item.status === 'refused')
      .map((item) => `${item.name}: ${item.reason}.`);
    const left = files.length - items.length;
    if (left > 0 && slot !== 'video')
      lines.push(`${pluralFiles(left)} left out: at most ${MAX_FILES_PER_CHOICE} at a time.`);
    if (lines.length > 0)
      toast({ title: 'File not accepted', description: lines.join(' '), variant: 'destructive' });
  }, []);

  const remove = useCallback((id: string) => dispatch({ type: 'remove', id }), []);

  const send = useCallback(
    async (item: QueuedFile): Promise<RunResult> => {
      if (!item.kind)
        return { id: item.id, name: item.name, outcome: { kind: 'refused', reason: item.reason ?? '' } };
      dispatch({ type: 'start', id: item.id });
      const controller = new AbortController();
      controllers.current.add(controller);
      const outcome = await uploadConsultationFile({
        ...access,
        kind: item.kind,
        file: item.file,
        onProgress: (loaded, total) => dispatch({ type: 'progress', id: item.id, loaded, total }),
        onTransfer: (transfer) => dispatch({ type: 'transfer', id: item.id, transfer }),
        onControls: (controls) => transfers.current.set(item.id, controls),
        signal: controller.signal,
      });
      controllers.current.delete(controller);
      transfers.current.delete(item.id);
      if (outcome.kind === 'stored') dispatch({ type: 'stored', id: item.id });
      else if (outcome.kind === 'refused') dispatch({ type: 'refused', id: item.id, reason: outcome.reason });
      else dispatch({ type: 'failed', id: item.id, reason: describeFileProblem(outcome) ?? '' });
      return { id: item.id, name: item.name, outcome };
    },
    [access],
  );

  /** Sends the files of one input one after another; null when that input is already sending. */
  const sendAll = useCallback(
    async (slot: UploadSlot, items: QueuedFile[]): Promise<RunResult[] | null> => {
      if (items.length === 0 || busyRef.current.has(slot)) return null;
      busyRef.current.add(slot);
      setBusySlots(new Set(busyRef.current));
      const results: RunResult[] = [];
      try {
        for (const item of items) {
          const result = await send(item);
          results.push(result);
          if (isAborted(result)) break;
        }
      } finally {
        busyRef.current.delete(slot);
        setBusySlots(new Set(busyRef.current));
      }
      return results;
    },
    [send],
  );

  const run = useCallback(
    async (slot: UploadSlot, items: QueuedFile[]) => {
      const results = await sendAll(slot, items);
      const summary = results ? summariseRun(slot, results) : null;
      if (summary) toast(summary);
    },
    [sendAll],
  );

  /**
   * Completing's first step: every chosen file not yet stored, input by input, tried once per press (one
   * toast-free run; the page says what came of it). `onBatch` learns which files it sends, for the progress.
   */
  const sendUnsent = useCallback(
    async (onBatch: (ids: string[]) => void): Promise<RunResult[]> => {
      const tried = new Set<string>();
      const results: RunResult[] = [];
      for (;;) {
        const unsent = getUnsent(queueRef.current).filter((item) => !tried.has(item.id));
        if (unsent.length === 0) return results;
        for (const item of unsent) tried.add(item.id);
        onBatch([...tried]);
        for (const [slot, items] of groupBySlot(unsent)) {
          const sent = await sendAll(slot, items);
          // An input still busy (an upload the owner started): its files count as not sent.
          results.push(
            ...(sent ??
              items.map((item) => ({
                id: item.id,
                name: item.name,
                outcome: { kind: 'error' } as const,
              }))),
          );
          if (sent?.some(isAborted)) return results;
        }
      }
    },
    [sendAll],
  );

  const uploadSlot = useCallback((slot: UploadSlot) => run(slot, getSendable(queueRef.current, slot)), [run]);

  const retry = useCallback(
    (id: string) => {
      const item = queueRef.current.find((candidate) => candidate.id === id);
      if (item?.status === 'failed') void run(item.slot, [item]);
    },
    [run],
  );

  const pause = useCallback((id: string) => transfers.current.get(id)?.pause(), []);
  const resume = useCallback((id: string) => transfers.current.get(id)?.resume(), []);
  const cancel = useCallback((id: string) => transfers.current.get(id)?.cancel(), []);

  return { queue, busySlots, choose, remove, uploadSlot, sendUnsent, retry, pause, resume, cancel };
}
