/**
 * The native player for a stored lesson video: starts at the member's resume point, saves the position
 * (every ~5 s while playing, on pause, after a seek, when the page is left), remembers the chosen speed,
 * answers the usual player keys while it has focus, and shows the captions track when there is one. A
 * transcoded lesson plays its adaptive streams (native HLS or hls.js) with its poster, and falls back to
 * the MP4 if they fail; an MP4 whose media address expired (a pause of over 5 minutes) is loaded again
 * and continues at the same moment.
 */
import { Button, cn } from '@platform/ui';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { saveLessonPosition } from '../api/save-lesson-position';
import { useStreamPlayback } from '../hooks/use-stream-playback';
import { getPlayerKeyAction, clampTime, clampVolume, type PlayerKeyAction } from '../lib/player-keys';
import {
  PLAYBACK_SPEEDS,
  formatPlaybackSpeed,
  isPlaybackSpeed,
  readPlaybackSpeed,
  stepPlaybackSpeed,
  writePlaybackSpeed,
  type PlaybackSpeed,
} from '../lib/playback-speed';
import {
  createPositionSaver,
  formatPlaybackTime,
  getResumeSeconds,
  type PositionSaver,
} from '../lib/position-saver';
import { rememberPosition } from '../lib/remembered-positions';

const KEY_SHORTCUTS = 'Space K J L ArrowLeft ArrowRight ArrowUp ArrowDown M F C < >';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export interface VideoPlayerProps {
  lessonId: number;
  title: string;
  /** The stored MP4 (also the fallback of the streams). */
  src: string;
  /** The adaptive streams' master playlist, once the video is transcoded. */
  hlsUrl?: string | null;
  posterUrl?: string | null;
  captionsUrl: string | null;
  startSeconds: number;
  className?: string;
}

export function VideoPlayer({
  lessonId,
  title,
  src,
  hlsUrl = null,
  posterUrl = null,
  captionsUrl,
  startSeconds,
  className,
}: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const playback = useStreamPlayback(videoRef, { hlsUrl, mp4Url: src, startSeconds });
  const saverRef = useRef<PositionSaver | null>(null);
  // Only a player the member used saves: opening a page of players must not overwrite resume points.
  const engagedRef = useRef(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(() => readPlaybackSpeed(browserStorage()));
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    const saver = createPositionSaver({
      initialSeconds: startSeconds,
      save: (seconds, options) => {
        rememberPosition(lessonId, seconds);
        saveLessonPosition(lessonId, seconds, options);
      },
    });
    saverRef.current = saver;
    const leave = () => {
      if (video && engagedRef.current) saver.flush(video.currentTime, { keepalive: true });
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      // Leaving the page inside the app (another route): the element is still readable here.
      leave();
    };
    // startSeconds is fixed for this player (it is keyed by lesson).
  }, [lessonId]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.defaultPlaybackRate = speed;
    video.playbackRate = speed;
  }, [speed]);

  function changeSpeed(next: PlaybackSpeed) {
    setSpeed(next);
    writePlaybackSpeed(browserStorage(), next);
    setAnnouncement(`Speed ${formatPlaybackSpeed(next)}`);
  }

  function runAction(action: PlayerKeyAction) {
    const video = videoRef.current;
    if (!video) return;
    switch (action.type) {
      case 'toggle-play':
        if (video.paused || video.ended) void video.play().catch(() => undefined);
        else video.pause();
        return;
      case 'seek':
        video.currentTime = clampTime(video.currentTime + action.bySeconds, video.duration);
        setAnnouncement(
          `${action.bySeconds > 0 ? 'Forward' : 'Back'} ${Math.abs(action.bySeconds)} seconds, at ${formatPlaybackTime(video.currentTime)}`,
        );
        return;
      case 'volume':
        video.muted = false;
        video.volume = clampVolume(video.volume + action.by);
        setAnnouncement(`Volume ${Math.round(video.volume * 100)}%`);
        return;
      case 'toggle-mute':
        video.muted = !video.muted;
        setAnnouncement(video.muted ? 'Muted' : 'Sound on');
        return;
      case 'toggle-fullscreen':
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        else void video.requestFullscreen?.().catch(() => undefined);
        return;
      case 'toggle-captions': {
        const track = video.textTracks[0];
        if (!track) {
          setAnnouncement('This lesson has no captions');
          return;
        }
        track.mode = track.mode === 'showing' ? 'hidden' : 'showing';
        setAnnouncement(track.mode === 'showing' ? 'Captions on' : 'Captions off');
        return;
      }
      case 'speed':
        changeSpeed(stepPlaybackSpeed(speed, action.step));
        return;
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const action = getPlayerKeyAction({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      targetTagName: (event.target as HTMLElement).tagName,
    });
    if (!action) return;
    event.preventDefault();
    runAction(action);
  }

  const speedId = `player-speed-${lessonId}`;
  const hintId = `player-keys-${lessonId}`;

  return (
    <div
      role="group"
      aria-label={`Video player: ${title}`}
      className={cn('space-y-2', className)}
      onKeyDown={onKeyDown}
      data-testid="lesson-player"
    >
      <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-stone-950 shadow-sm">
        <video
          ref={videoRef}
          src={playback.src}
          poster={posterUrl ?? undefined}
          data-playback={playback.mode}
          controls
          playsInline
          preload="metadata"
          tabIndex={0}
          className="absolute inset-0 size-full object-contain"
          aria-label={`Lesson video: ${title}`}
          aria-describedby={hintId}
          aria-keyshortcuts={KEY_SHORTCUTS}
          data-lesson-id={lessonId}
          onLoadedMetadata={(event) => {
            const video = event.currentTarget;
            video.defaultPlaybackRate = speed;
            video.playbackRate = speed;
            playback.loaded();
            // The MP4 taking over from failed streams, or loaded again, continues where it stopped.
            const carried = playback.takeCarryOver();
            if (carried) {
              video.currentTime = carried.seconds;
              if (carried.playing) void video.play().catch(() => undefined);
              return;
            }
            const at = getResumeSeconds(startSeconds, video.duration);
            if (at > 0) {
              video.currentTime = at;
              setResumedAt(at);
            }
          }}
          onPlay={() => {
            engagedRef.current = true;
            setFailed(false);
          }}
          onTimeUpdate={(event) => {
            const video = event.currentTarget;
            if (engagedRef.current && !video.paused) saverRef.current?.onProgress(video.currentTime);
          }}
          onPause={(event) => {
            if (engagedRef.current) saverRef.current?.flush(event.currentTarget.currentTime);
          }}
          onSeeked={(event) => {
            if (engagedRef.current) saverRef.current?.flush(event.currentTarget.currentTime);
          }}
          onRateChange={(event) => {
            // The browser's own speed menu: keep ours in step and remember the choice.
            const rate = event.currentTarget.playbackRate;
            if (rate !== speed && isPlaybackSpeed(rate)) changeSpeed(rate);
          }}
          onError={() => {
            if (!playback.fallBack() && !playback.reloadMp4()) setFailed(true);
          }}
        >
          {captionsUrl ? (
            <track kind="captions" srcLang="en" label="English" src={captionsUrl} default />
          ) : null}
        </video>
      </div>
      {failed ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p role="alert" className="text-sm text-destructive">
            The video could not be loaded. Check your connection and try again.
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              if (playback.retry()) setFailed(false);
            }}
          >
            Try again
          </Button>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm text-muted-foreground">
        <div className="space-y-1">
          {resumedAt !== null ? (
            <p data-testid="resume-note" className="font-medium text-foreground">
              Continue where you left off: resumed at {formatPlaybackTime(resumedAt)}
            </p>
          ) : null}
          <p id={hintId} className="text-xs">
            Keys: Space or K play/pause, J/L or arrows ±10 s, M mute, F fullscreen, C captions, &lt; &gt;
            speed
          </p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={speedId} className="font-medium text-foreground">
            Speed
          </label>
          <select
            id={speedId}
            value={String(speed)}
            onChange={(event) => {
              const next = Number(event.target.value);
              if (isPlaybackSpeed(next)) changeSpeed(next);
            }}
            className="h-9 rounded-md border border-input bg-background px-2 text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {PLAYBACK_SPEEDS.map((option) => (
              <option key={option} value={String(option)}>
                {formatPlaybackSpeed(option)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
