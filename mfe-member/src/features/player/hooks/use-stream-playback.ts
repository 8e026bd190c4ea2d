/**
 * Plays a lesson's adaptive streams in a <video> element (lib/stream-playback.ts has the rules): decides
 * native HLS or hls.js once the element exists, attaches hls.js when needed (its chunk is fetched only
 * then), and falls back to the original MP4, at the same moment, when the streams fail. hls.js fetches
 * the playlists at once but segments only once the member presses play (a section page holds many
 * players), starting at the resume point; the resume note appears then, when the video's length is known.
 *
 * The MP4's service address answers with a media address that expires after 5 minutes (a presigned S3
 * address, or the gateway's signed one). A member who pauses longer and then plays or seeks makes the
 * browser ask that expired address for a new range, and the element fails: the MP4 is then loaded once
 * more from its service address, which hands out a fresh one, and continues at the same moment. Once per
 * successful load, so an MP4 that cannot load at all still ends in the error message, whose 'Try again'
 * loads it once more (the Wi-Fi may be back) at the same moment.
 */
import type Hls from 'hls.js/light';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  chooseStreamMode,
  initialPlaybackMode,
  videoSourceFor,
  type CarryOver,
  type PlaybackMode,
} from '../lib/stream-playback';

type HlsModule = { default: typeof Hls };

let hlsModule: Promise<HlsModule> | undefined;

function loadHls(): Promise<HlsModule> {
  hlsModule ??= import(/* webpackChunkName: "hls" */ 'hls.js/light');
  hlsModule.catch(() => {
    hlsModule = undefined;
  });
  return hlsModule;
}

export interface StreamPlayback {
  mode: PlaybackMode;
  /** The element's `src` (undefined while deciding, and while hls.js feeds it). */
  src: string | undefined;
  /** Switches to the MP4 (after a playback error of the streams); false when already on it. */
  fallBack(): boolean;
  /**
   * After the MP4 failed: loads it again from its service address (a fresh media address) to continue
   * at the same moment; false when this load already tried (or it is not on the MP4).
   */
  reloadMp4(): boolean;
  /**
   * The member pressed 'Try again' after the MP4 failed for good: loads it once more from its service
   * address, continuing where it stopped; false when it is not on the MP4.
   */
  retry(): boolean;
  /** The element loaded its media: a later failure may reload the MP4 again. */
  loaded(): void;
  /** After a fallback or a reload: where the MP4 should continue (read once). */
  takeCarryOver(): CarryOver | null;
}

export function useStreamPlayback(
  videoRef: RefObject<HTMLVideoElement | null>,
  options: { hlsUrl: string | null; mp4Url: string; startSeconds: number },
): StreamPlayback {
  const { hlsUrl, mp4Url, startSeconds } = options;
  const [mode, setMode] = useState<PlaybackMode>(() => initialPlaybackMode(hlsUrl));
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const carryOver = useRef<CarryOver | null>(null);
  /** Lets go of hls.js (before the element gets the MP4). */
  const detach = useRef<() => void>(() => {});
  /** Whether the MP4 may be reloaded after a failure (once per successful load). */
  const mayReload = useRef(true);

  const carryOverFrom = (video: HTMLVideoElement | null) => {
    if (video && video.currentTime > 0) {
      carryOver.current = { seconds: video.currentTime, playing: !video.paused && !video.ended };
    }
  };

  const fallBack = useCallback(() => {
    if (modeRef.current === 'mp4') return false;
    carryOverFrom(videoRef.current);
    detach.current();
    detach.current = () => {};
    modeRef.current = 'mp4';
    setMode('mp4');
    return true;
  }, [videoRef]);

  useEffect(() => {
    if (mode !== 'pending') return;
    const video = videoRef.current;
    if (!video) return;
    setMode(chooseStreamMode((type) => video.canPlayType(type)));
  }, [mode, videoRef]);

  useEffect(() => {
    const video = videoRef.current;
    if (mode !== 'hls-js' || !hlsUrl || !video) return;
    let cancelled = false;
    loadHls()
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          fallBack();
          return;
        }
        const hls = new Hls({
          autoStartLoad: false,
          capLevelToPlayerSize: true,
          startPosition: startSeconds,
          // The site's policy allows no workers (gateway/README.md); 4-second segments remux quickly.
          enableWorker: false,
        });
        let started = false;
        const start = () => {
          if (started) return;
          started = true;
          hls.startLoad(video.currentTime > 0 ? video.currentTime : startSeconds);
        };
        video.addEventListener('play', start);
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal && !cancelled) fallBack();
        });
        hls.loadSource(hlsUrl);
        hls.attachMedia(video);
        // Play pressed while the chunk was on its way.
        if (!video.paused) start();
        detach.current = () => {
          video.removeEventListener('play', start);
          hls.destroy();
        };
      })
      // The chunk could not be fetched (offline, a new deploy): the MP4 still plays.
      .catch(() => {
        if (!cancelled) fallBack();
      });
    return () => {
      cancelled = true;
      detach.current();
      detach.current = () => {};
    };
    // startSeconds is fixed for this player (it is keyed by lesson).
  }, [mode, hlsUrl, videoRef, fallBack]);

  const reloadMp4 = useCallback(() => {
    const video = videoRef.current;
    if (modeRef.current !== 'mp4' || !mayReload.current || !video) return false;
    mayReload.current = false;
    carryOverFrom(video);
    // The `src` attribute is still the service address: load() asks it again.
    video.load();
    return true;
  }, [videoRef]);

  return {
    mode,
    src: videoSourceFor(mode, { hlsUrl, mp4Url }),
    fallBack,
    reloadMp4,
    retry: () => {
      mayReload.current = true;
      return reloadMp4();
    },
    loaded: () => {
      mayReload.current = true;
    },
    takeCarryOver: () => {
      const value = carryOver.current;
      carryOver.current = null;
      return value;
    },
  };
}
