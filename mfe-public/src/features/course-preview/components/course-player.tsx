import type { Ref } from 'react';
import { Badge, type pressRegion } from '@platform/ui';
import { CircleCheckIcon, PlayIcon } from 'lucide-react';
import type { CoursePlayer } from '../lib/use-course-player';
import { formatDuration } from '@platform/contracts/format';

type CoursePlayerViewProps = {
  player: CoursePlayer;
  /** The section's id and press-region mark (`pressRegion`, @platform/ui), when it hydrates later. */
  region?: ReturnType<typeof pressRegion>;
  ref?: Ref<HTMLElement>;
};

/** The second player: a large play overlay until started, then the chosen lesson (video element or embed). */
export function CoursePlayerView({ player, region, ref }: CoursePlayerViewProps) {
  const { lesson, section, media, started, videoRef, start, onVideoPlay, onVideoEnded } = player;

  return (
    <section {...region} ref={ref} aria-labelledby="preview-player-heading" className="space-y-4">
      <h2 id="preview-player-heading" className="text-2xl font-bold tracking-tight">
        Free preview lessons
      </h2>
      <div className="relative aspect-video overflow-hidden rounded-xl bg-stone-950 shadow-lg ring-1 ring-black/5">
        {media?.type === 'youtube' ? (
          started ? (
            <iframe
              key={media.embedUrl}
              src={`${media.embedUrl}&autoplay=1`}
              title={lesson ? `Lesson video: ${lesson.title}` : 'Lesson video'}
              className="absolute inset-0 size-full"
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
            />
          ) : null
        ) : media?.type === 'video' ? (
          <video
            ref={videoRef}
            key="preview-video"
            src={media.src}
            data-lesson-id={lesson?.id}
            className="absolute inset-0 size-full bg-stone-950 object-contain"
            controls={started}
            playsInline
            preload="none"
            onPlay={onVideoPlay}
            onEnded={onVideoEnded}
            onError={() => console.warn('The lesson video failed to load:', media.src)}
            aria-label={lesson ? `Lesson video: ${lesson.title}` : 'Lesson video'}
          />
        ) : null}

        {!started && lesson ? (
          <button
            type="button"
            onClick={start}
            className="group absolute inset-0 flex flex-col items-center justify-center gap-4 bg-gradient-to-t from-black/85 via-stone-900/75 to-orange-950/70 p-6 text-center text-white outline-hidden focus-visible:ring-4 focus-visible:ring-ring focus-visible:ring-inset"
          >
            <span className="flex size-20 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-xl ring-8 ring-white/20 transition-transform group-hover:scale-105 group-focus-visible:scale-105 sm:size-24">
              <PlayIcon className="ml-1 size-9 fill-current sm:size-11" aria-hidden="true" />
            </span>
            <span className="text-base font-semibold drop-shadow sm:text-lg">
              <span className="sr-only">Play lesson: </span>
              {lesson.title}
            </span>
            <span className="text-sm text-white/85">Free preview · with sound</span>
          </button>
        ) : null}

        {!lesson ? (
          <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-white/85">
            No free lesson is available to preview right now.
          </p>
        ) : null}
      </div>

      {lesson ? (
        <div className="space-y-3">
          <p className="sr-only" aria-live="polite">
            {started ? `Now playing: ${lesson.title}` : ''}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm font-medium text-muted-foreground">
              {section ? `${section.title} · ` : ''}
              {formatDuration(lesson.durationSeconds) ?? ''}
            </p>
            {lesson.isFree ? <Badge variant="success">Free</Badge> : null}
          </div>
          <h3 className="text-xl font-semibold">{lesson.title}</h3>
          {lesson.content ? <p className="text-muted-foreground">{lesson.content}</p> : null}
          {lesson.keyPoints.length > 0 ? (
            <ul className="grid gap-2 sm:grid-cols-2" aria-label="Key takeaways">
              {lesson.keyPoints.map((point) => (
                <li key={point} className="flex gap-2 text-sm">
                  <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
