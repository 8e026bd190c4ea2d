/**
 * The lesson player shared by the section page, the lesson page and the older dashboard: a native
 * <video> for stored files (resume point, position saves, speed, keyboard, captions; the adaptive
 * streams and poster once transcoded), an embed for
 * YouTube/Vimeo links, a 'Document Resource' card for documents.
 */
import { Card, CardContent, CardHeader, CardTitle, cn } from '@platform/ui';
import { useMemo, useState } from 'react';
import { getLessonMedia, getPlayerKey } from '../lib/media-source';
import { ownPath } from '../lib/stream-playback';
import { getRememberedPosition } from '../lib/remembered-positions';
import { DocumentResourceCard } from './document-resource-card';
import { VideoPlayer } from './video-player';

export interface PlayerLesson {
  id: number;
  title: string;
  videoUrl: string | null;
  /** The resume point stored on the server, in whole seconds. */
  positionSeconds: number;
  /** A WebVTT file for a captions track, when the lesson has one. */
  captionsUrl?: string | null;
  /** The adaptive streams' master playlist, once the stored video is transcoded. */
  hlsUrl?: string | null;
  /** A still shown before the video plays. */
  posterUrl?: string | null;
}

/** The lesson's captions track, only when it is one of our own protected paths (never a foreign address). */
export function getCaptionsUrl(lesson: { captionsUrl?: string | null }): string | null {
  return ownPath(lesson.captionsUrl);
}

/** A member-side lesson (the same fields) as the player takes it: its media, streams and poster on our own paths only. */
export function toPlayerLesson(lesson: PlayerLesson): PlayerLesson {
  return {
    id: lesson.id,
    title: lesson.title,
    videoUrl: lesson.videoUrl,
    positionSeconds: lesson.positionSeconds,
    captionsUrl: getCaptionsUrl(lesson),
    hlsUrl: ownPath(lesson.hlsUrl),
    posterUrl: ownPath(lesson.posterUrl),
  };
}

type LessonPlayerProps = { lesson: PlayerLesson; className?: string };

export function LessonPlayer(props: LessonPlayerProps) {
  // A new lesson (or new media) is a new player: its own resume point, saver, listeners and track.
  return <LessonMediaView key={getPlayerKey(props.lesson)} {...props} />;
}

function LessonMediaView({ lesson, className }: LessonPlayerProps) {
  // Where this player starts is fixed when it opens; later saves must not restart an embed.
  const [startSeconds] = useState(() => getRememberedPosition(lesson.id) ?? lesson.positionSeconds);
  const media = useMemo(() => getLessonMedia(lesson.videoUrl, startSeconds), [lesson.videoUrl, startSeconds]);
  if (!media) return null;

  switch (media.type) {
    case 'video':
      return (
        <VideoPlayer
          className={className}
          lessonId={lesson.id}
          title={lesson.title}
          src={media.src}
          hlsUrl={ownPath(lesson.hlsUrl)}
          posterUrl={ownPath(lesson.posterUrl)}
          captionsUrl={lesson.captionsUrl ?? null}
          startSeconds={startSeconds}
        />
      );
    case 'embed':
      return (
        <div
          className={cn(
            'relative aspect-video w-full overflow-hidden rounded-lg bg-stone-950 shadow-sm',
            className,
          )}
        >
          <iframe
            src={media.embedUrl}
            title={`Lesson video: ${lesson.title}`}
            className="absolute inset-0 size-full"
            allow="encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
            allowFullScreen
          />
        </div>
      );
    case 'document':
      return <DocumentResourceCard className={className} href={media.href} fileName={media.fileName} />;
    case 'link':
      return (
        <Card className={className}>
          <CardHeader>
            <CardTitle className="text-base">Lesson media</CardTitle>
          </CardHeader>
          <CardContent>
            <a
              href={media.href}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-primary underline underline-offset-4"
            >
              Open the lesson media in a new tab
            </a>
          </CardContent>
        </Card>
      );
  }
}
