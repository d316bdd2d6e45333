import { useEffect, useRef } from 'react';
import type { HeroCut } from './hero-videos';
import styles from './hero.module.css';

interface LoopVideoProps {
  cut: HeroCut;
  className: string | undefined;
  preload: 'auto' | 'metadata';
  /** The element once made, and null once gone: the hero plays and pauses it. */
  onElement: (video: HTMLVideoElement | null) => void;
  onLoaded?: () => void;
  /** The last source's error: the video has nothing this browser can play. */
  onFailed?: () => void;
}

/**
 * A muted loop whose element is made here, not by React: React listens on a media element for each of the two
 * dozen media events (progress and timeupdate several times a second while it plays) and runs its event system
 * for every one. With five loops that was about a third of home's main-thread work after the load
 * (docs/measured-figures.md); this element has the two listeners the hero needs. WebM first, MP4 for browsers
 * without VP9.
 */
export function LoopVideo({ cut, className, preload, onElement, onLoaded, onFailed }: LoopVideoProps) {
  const slot = useRef<HTMLSpanElement>(null);
  // The latest callbacks, without making the element again when they change.
  const callbacks = useRef({ onElement, onLoaded, onFailed });
  useEffect(() => {
    callbacks.current = { onElement, onLoaded, onFailed };
  });

  useEffect(() => {
    const video = document.createElement('video');
    video.className = className ?? '';
    video.muted = true;
    video.loop = true;
    video.playsInline = true;
    video.preload = preload;
    video.tabIndex = -1;
    video.setAttribute('aria-hidden', 'true');
    for (const [src, type] of [
      [cut.webm, 'video/webm'],
      [cut.mp4, 'video/mp4'],
    ] as const) {
      const source = document.createElement('source');
      source.src = src;
      source.type = type;
      video.append(source);
    }
    const last = video.lastElementChild!;
    const loaded = () => callbacks.current.onLoaded?.();
    const failed = () => callbacks.current.onFailed?.();
    video.addEventListener('loadeddata', loaded);
    last.addEventListener('error', failed);
    slot.current!.append(video);
    callbacks.current.onElement(video);
    return () => {
      video.removeEventListener('loadeddata', loaded);
      last.removeEventListener('error', failed);
      video.pause();
      video.remove();
      callbacks.current.onElement(null);
    };
  }, [cut, className, preload]);

  return <span ref={slot} className={styles.videoSlot} />;
}
