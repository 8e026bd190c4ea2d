/**
 * The upload step of /additional-upload (docs/behaviour/consultation-and-contact.md#upload-additional-files):
 * photos, videos and documents, sent together (at most 30 files a request) with the request's real progress.
 */
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ADDITIONAL_FILE_FIELDS, CONSULTATION_FILE_ACCEPT, UPLOAD_MESSAGES } from '@platform/contracts';
import type { AdditionalFileField } from '@platform/contracts';
import { Button, TitledCard, toast } from '@platform/ui';
import {
  FilePickButton,
  Progress,
  UploadTransportError,
  combinePercent,
  formatBytes,
} from '@platform/ui/upload-progress';
import { LoaderCircleIcon, TriangleAlertIcon, UploadIcon } from 'lucide-react';
import { uploadAdditionalFiles } from '../api/upload-additional-files';
import { checkAdditionalFile, splitIntoRequests } from '../lib/additional-files';
import type { ChosenFile } from '../lib/additional-files';
import { FIELD_COPY, MY_CONSULTATIONS_PATH, MY_CONSULTATIONS_QUERY_KEY } from '../lib/additional-copy';
import { matchRefusals } from '../lib/upload-answer';
import { RemoveFileButton } from '../../../components/file-action-button';
import { UploadedBadge } from '../../../components/uploaded-badge';

export type UploadTarget = {
  submissionId: string;
  uploadToken: string | null;
  businessName: string;
  /** The signed-in caller owns it: once every chosen file is stored, they go to My Consultations. */
  inMyConsultations: boolean;
};

const ACCEPT: Record<AdditionalFileField, string> = {
  images: CONSULTATION_FILE_ACCEPT.images,
  videos: CONSULTATION_FILE_ACCEPT.videos,
  documents: CONSULTATION_FILE_ACCEPT.additionalDocuments,
};

type Refusal = { id: string; name: string; reason: string };

let nextId = 0;

export function AdditionalFilesForm({ target }: { target: UploadTarget }) {
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [stored, setStored] = useState<{ id: string; name: string; size: number }[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const isUploading = percent !== null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => () => controller.current?.abort(), []);

  const choose = (field: AdditionalFileField) => (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const accepted: ChosenFile[] = [];
    const refused: Refusal[] = [];
    for (const file of files) {
      nextId += 1;
      const id = `additional-${nextId}`;
      const reason = checkAdditionalFile(field, file);
      if (reason) refused.push({ id, name: file.name, reason });
      else accepted.push({ id, field, file, name: file.name, size: file.size });
    }
    setChosen((current) => [...current, ...accepted]);
    if (refused.length > 0) {
      setRefusals((current) => [...current, ...refused]);
      toast({
        title: 'File not accepted',
        description: refused.map((item) => `${item.name}: ${item.reason}.`).join(' '),
        variant: 'destructive',
      });
    }
  };

  const onUpload = async () => {
    if (isUploading) return;
    if (chosen.length === 0) {
      toast({
        title: UPLOAD_MESSAGES.noFilesSelectedTitle,
        description: UPLOAD_MESSAGES.noFilesSent,
        variant: 'destructive',
      });
      return;
    }
    const batches = splitIntoRequests(chosen);
    const parts = batches.map((batch) => ({
      loaded: 0,
      total: batch.reduce((sum, item) => sum + item.size, 0),
    }));
    const abort = new AbortController();
    controller.current = abort;
    setPercent(0);
    let storedCount = 0;
    let refusedCount = 0;
    let failed = false;
    for (const [index, batch] of batches.entries()) {
      try {
        const outcome = await uploadAdditionalFiles({
          submissionId: target.submissionId,
          uploadToken: target.uploadToken,
          files: batch,
          signal: abort.signal,
          onProgress: (loaded, total) => {
            parts[index] = { loaded, total };
            setPercent(combinePercent(parts));
          },
        });
        if (outcome.kind === 'failed') {
          failed = true;
          break;
        }
        parts[index] = { loaded: parts[index]!.total, total: parts[index]!.total };
        setPercent(combinePercent(parts));
        const result = matchRefusals(batch, outcome.rejected);
        storedCount += result.stored.length;
        refusedCount += result.refused.length;
        const done = new Set(batch.map((item) => item.id));
        setChosen((current) => current.filter((item) => !done.has(item.id)));
        setStored((current) => [
          ...current,
          ...result.stored.map(({ id, name, size }) => ({ id, name, size })),
        ]);
        setRefusals((current) => [
          ...current,
          ...result.refused.map(({ item, reason }) => ({ id: item.id, name: item.name, reason })),
        ]);
      } catch (error) {
        if (error instanceof UploadTransportError && error.kind === 'aborted') return;
        console.error('Additional upload failed:', error);
        failed = true;
        break;
      }
    }
    controller.current = null;
    setPercent(null);
    if (failed || storedCount === 0) {
      toast({
        title: UPLOAD_MESSAGES.additionalFailedTitle,
        description: UPLOAD_MESSAGES.additionalFailedDescription,
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: UPLOAD_MESSAGES.successTitle,
      description: `${storedCount} file${storedCount === 1 ? '' : 's'} added to your consultation.`,
      variant: 'success',
    });
    // Done: the owner sees the request with its new files. A refused file keeps them here to read why.
    if (target.inMyConsultations && refusedCount === 0) {
      void queryClient.invalidateQueries({ queryKey: MY_CONSULTATIONS_QUERY_KEY });
      navigate(MY_CONSULTATIONS_PATH);
    }
  };

  const remove = (id: string) => setChosen((current) => current.filter((item) => item.id !== id));

  return (
    <TitledCard
      title={<>Add files{target.businessName ? ` for ${target.businessName}` : ''}</>}
      description="Choose any mix of photos, videos and documents, then upload them together."
      contentClassName="space-y-6"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        {ADDITIONAL_FILE_FIELDS.map((field) => {
          const inputId = `additional-${field}`;
          const count = chosen.filter((item) => item.field === field).length;
          return (
            <div key={field} className="space-y-2 rounded-lg border border-border p-3">
              <p className="font-medium" id={`${inputId}-label`}>
                {FIELD_COPY[field].label}
                {count ? <span className="text-muted-foreground"> · {count} chosen</span> : null}
              </p>
              <FilePickButton
                id={inputId}
                size="sm"
                className="w-full"
                multiple
                accept={ACCEPT[field]}
                disabled={isUploading}
                aria-describedby={`${inputId}-hint`}
                onChange={choose(field)}
              >
                {FIELD_COPY[field].choose}
              </FilePickButton>
              <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
                {FIELD_COPY[field].hint}
              </p>
            </div>
          );
        })}
      </div>

      {chosen.length > 0 ? (
        <ul className="space-y-2" aria-label="Files ready to upload">
          {chosen.map((item) => (
            <li
              key={item.id}
              className="flex items-center gap-3 rounded-lg border border-border p-3 text-sm"
              data-testid="chosen-file"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-medium break-all">{item.name}</span>
                <span className="text-xs text-muted-foreground">
                  {FIELD_COPY[item.field].label} · {formatBytes(item.size)}
                </span>
              </span>
              <RemoveFileButton fileName={item.name} disabled={isUploading} onClick={() => remove(item.id)} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No files chosen yet.</p>
      )}

      {isUploading ? (
        <div className="space-y-1" role="status">
          <div className="flex justify-between text-sm">
            <span>{percent >= 100 ? 'Processing…' : 'Uploading…'}</span>
            <span className="font-medium tabular-nums" data-testid="upload-percent">
              {percent}%
            </span>
          </div>
          <Progress value={percent} aria-label="Upload progress" aria-valuetext={`${percent}%`} />
        </div>
      ) : null}

      <Button
        type="button"
        size="lg"
        className="w-full sm:w-auto"
        disabled={isUploading}
        onClick={() => void onUpload()}
      >
        {isUploading ? (
          <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
        ) : (
          <UploadIcon aria-hidden="true" />
        )}
        {isUploading ? 'Uploading...' : 'Upload Files'}
      </Button>

      {refusals.length > 0 ? (
        <section aria-labelledby="additional-refused-heading" className="space-y-2">
          <h3 id="additional-refused-heading" className="text-sm font-semibold">
            Not accepted
          </h3>
          <ul className="space-y-1 text-sm">
            {refusals.map((item) => (
              <li
                key={item.id}
                className="flex items-start gap-2 text-destructive"
                data-testid="refused-file"
              >
                <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span className="break-all">
                  <span className="font-medium">{item.name}</span>: {item.reason}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {stored.length > 0 ? (
        <section aria-labelledby="additional-stored-heading" className="space-y-2">
          <h3 id="additional-stored-heading" className="text-sm font-semibold">
            Uploaded
          </h3>
          <ul className="space-y-1 text-sm">
            {stored.map((item) => (
              <li key={item.id} className="flex items-center gap-2" data-testid="stored-file">
                <UploadedBadge />
                <span className="min-w-0 break-all">{item.name}</span>
                <span className="text-xs text-muted-foreground">{formatBytes(item.size)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </TitledCard>
  );
}
