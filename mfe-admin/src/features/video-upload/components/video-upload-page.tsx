/**
 * `/admin/upload` (docs/behaviour/course-studio.md#video-upload): the admin chooses one video (video/*
 * only, its size in Bytes, KB, MB or GB) and uploads it resumably, with the real progress, pause and
 * resume, and the spec's states: idle → uploading with a percentage → success (original name, size and
 * path of the stored file) or error (the spec's words). Admin only, through the shared admin access
 * handling.
 */
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle, Button, TitledCard, buttonVariants } from '@platform/ui';
import { FilePickButton, ProgressWithPercent, formatBytes } from '@platform/ui/upload-progress';
import {
  CircleCheckIcon,
  FilmIcon,
  LoaderCircleIcon,
  PauseIcon,
  PlayIcon,
  TriangleAlertIcon,
  UploadIcon,
  WifiOffIcon,
  XIcon,
} from 'lucide-react';
import { COURSE_MEDIA_KEY } from '../../course-editor/api/get-course-media';
import { AdminPageFrame } from '../../admin-access/components/admin-page-frame';
import { useAdminReads } from '../../admin-access/hooks/use-admin-access';
import { uploadLessonVideo } from '../api/upload-lesson-video';
import type { LessonVideoUpload } from '../api/upload-lesson-video';
import {
  IDLE,
  VIDEO_UPLOAD_COPY,
  describeUploadFailure,
  isVideoFile,
  reduceVideoUpload,
} from '../lib/video-upload';
import type { TransferState } from '../lib/video-upload';

const TRANSFER_TEXT: Record<TransferState, string> = {
  uploading: VIDEO_UPLOAD_COPY.uploading,
  paused: VIDEO_UPLOAD_COPY.paused,
  'waiting-for-network': VIDEO_UPLOAD_COPY.waitingForNetwork,
  finishing: VIDEO_UPLOAD_COPY.finishing,
};

export function VideoUploadPage() {
  const [state, dispatch] = useReducer(reduceVideoUpload, IDLE);
  const [file, setFile] = useState<File | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [refusedBy, setRefusedBy] = useState<unknown>(null);
  useAdminReads(refusedBy);
  const upload = useRef<LessonVideoUpload | null>(null);
  const inputId = useId();

  // Leaving the page pauses what is on its way: choosing the same file later carries on from there.
  useEffect(() => () => upload.current?.pause(), []);

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    dispatch({ type: 'reset' });
    if (!isVideoFile(chosen)) {
      setFile(null);
      setChoiceError(VIDEO_UPLOAD_COPY.notVideo);
      return;
    }
    setChoiceError(null);
    setFile(chosen);
  };

  const queryClient = useQueryClient();

  const onUpload = () => {
    if (!file) return;
    dispatch({ type: 'start', total: file.size });
    const started = uploadLessonVideo(file, {
      onProgress: (loaded, total) => dispatch({ type: 'progress', loaded, total }),
      onStatus: (transfer) => dispatch({ type: 'transfer', transfer }),
    });
    upload.current = started;
    started.done.then(
      (result) => {
        upload.current = null;
        setFile(null);
        dispatch({ type: 'succeeded', result });
        void queryClient.invalidateQueries({ queryKey: COURSE_MEDIA_KEY });
      },
      (error: unknown) => {
        upload.current = null;
        const failure = describeUploadFailure(error);
        if (!failure) {
          dispatch({ type: 'reset' });
          return;
        }
        console.error('Video upload failed:', error);
        setRefusedBy(error);
        dispatch({ type: 'failed', ...failure });
      },
    );
  };

  const startOver = () => {
    setFile(null);
    setRefusedBy(null);
    dispatch({ type: 'reset' });
  };

  const isUploading = state.phase === 'uploading';
  const body = (
    <TitledCard
      icon={FilmIcon}
      title="Lesson video"
      description="MP4, MOV or WebM. The stored file's path goes into a lesson's video address."
      contentClassName="space-y-5"
    >
      {state.phase !== 'success' ? (
        <div className="space-y-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <FilePickButton
              id={inputId}
              className="w-full sm:w-auto"
              accept="video/*"
              aria-label={VIDEO_UPLOAD_COPY.chooseLabel}
              disabled={isUploading}
              onChange={onChoose}
            >
              <FilmIcon className="size-4" aria-hidden="true" />
              Choose video
            </FilePickButton>
            <Button
              type="button"
              className="w-full sm:w-auto"
              disabled={!file || isUploading}
              onClick={onUpload}
            >
              {isUploading ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
              ) : (
                <UploadIcon aria-hidden="true" />
              )}
              {VIDEO_UPLOAD_COPY.upload}
            </Button>
          </div>
          <div aria-live="polite" data-testid="chosen-video">
            {file ? (
              <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
                <span className="min-w-0 font-medium break-all">{file.name}</span>
                <span className="text-muted-foreground tabular-nums" data-testid="chosen-size">
                  {formatBytes(file.size)}
                </span>
              </p>
            ) : choiceError ? (
              <p className="flex items-center gap-1.5 text-sm font-medium text-destructive">
                <TriangleAlertIcon className="size-4 shrink-0" aria-hidden="true" />
                {choiceError}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">{VIDEO_UPLOAD_COPY.noFile}</p>
            )}
          </div>
        </div>
      ) : null}

      {state.phase === 'uploading' ? (
        <div className="space-y-3 rounded-lg border border-border p-4" data-testid="upload-progress">
          <ProgressWithPercent
            percent={state.percent}
            label={`Upload of ${file?.name ?? 'the video'}`}
            percentClassName="w-12 text-right text-sm font-semibold tabular-nums"
          />
          <p
            className="flex items-center gap-1.5 text-sm text-muted-foreground"
            role="status"
            data-testid="transfer-status"
            data-transfer={state.transfer}
          >
            {state.transfer === 'waiting-for-network' ? (
              <WifiOffIcon className="size-4 shrink-0" aria-hidden="true" />
            ) : null}
            {TRANSFER_TEXT[state.transfer]}
            <span className="ml-auto tabular-nums">
              {formatBytes(state.loaded)} of {formatBytes(state.total)}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            {state.transfer === 'paused' ? (
              <Button type="button" size="sm" onClick={() => upload.current?.resume()}>
                <PlayIcon aria-hidden="true" />
                {VIDEO_UPLOAD_COPY.resume}
              </Button>
            ) : (
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={state.transfer === 'finishing'}
                onClick={() => upload.current?.pause()}
              >
                <PauseIcon aria-hidden="true" />
                {VIDEO_UPLOAD_COPY.pause}
              </Button>
            )}
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={state.transfer === 'finishing'}
              onClick={() => upload.current?.cancel()}
            >
              <XIcon aria-hidden="true" />
              {VIDEO_UPLOAD_COPY.cancel}
            </Button>
          </div>
        </div>
      ) : null}

      {state.phase === 'success' ? (
        <div className="space-y-4" data-testid="upload-success">
          <Alert role="status" className="border-success/40 [&>svg]:text-success">
            <CircleCheckIcon aria-hidden="true" />
            <AlertTitle>{VIDEO_UPLOAD_COPY.successTitle}</AlertTitle>
            <AlertDescription>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-medium">Original name</dt>
                <dd className="break-all" data-testid="uploaded-name">
                  {state.result.file.originalName}
                </dd>
                <dt className="font-medium">Size</dt>
                <dd className="tabular-nums" data-testid="uploaded-size">
                  {formatBytes(state.result.file.size)}
                </dd>
                <dt className="font-medium">Path</dt>
                <dd className="font-mono break-all" data-testid="uploaded-path">
                  {state.result.file.path}
                </dd>
              </dl>
            </AlertDescription>
          </Alert>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={startOver}>
              {VIDEO_UPLOAD_COPY.uploadAnother}
            </Button>
            <Link to="/admin/courses" className={buttonVariants({ variant: 'ghost' })}>
              Go to the course editor
            </Link>
          </div>
        </div>
      ) : null}

      {state.phase === 'error' ? (
        <Alert variant="destructive" data-testid="upload-error">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>{VIDEO_UPLOAD_COPY.errorTitle}</AlertTitle>
          <AlertDescription>
            <p className="font-medium">{state.message}</p>
            {state.detail ? <p>{state.detail}</p> : null}
            {file && state.canRetry ? (
              <Button type="button" size="sm" variant="outline" className="mt-2" onClick={onUpload}>
                {VIDEO_UPLOAD_COPY.tryAgain}
              </Button>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
    </TitledCard>
  );

  return (
    <AdminPageFrame title={VIDEO_UPLOAD_COPY.title} description={VIDEO_UPLOAD_COPY.description} width="3xl">
      {body}
    </AdminPageFrame>
  );
}
