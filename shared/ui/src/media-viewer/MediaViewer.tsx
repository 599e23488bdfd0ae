import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from '../use-modal-focus';
import { MAX_SCALE, MIN_SCALE, useZoom } from './use-zoom';
import styles from './MediaViewer.module.css';

/** One photo or video the viewer shows: only what the person may see (never a locked item). */
export interface ViewerItem {
  kind: 'image' | 'video';
  src: string;
  poster?: string | undefined;
  width?: number | null | undefined;
  height?: number | null | undefined;
  alt: string;
}

/** Keys that belong to the focused control (a video's seek bar, a button), not to the viewer. */
const ownsArrows = (el: EventTarget | null) =>
  el instanceof HTMLVideoElement || el instanceof HTMLInputElement;

function Stage({ item, view }: { item: ViewerItem; view: Zoom['view'] }) {
  if (item.kind === 'video')
    return (
      // The native controls are the keyboard player.
      // eslint-disable-next-line jsx-a11y/media-has-caption -- creators' videos come without captions
      <video
        className={styles.video}
        src={item.src}
        poster={item.poster}
        controls
        autoPlay
        playsInline
        aria-label={item.alt}
      />
    );
  const { scale, x, y } = view;
  return (
    <img
      className={styles.image}
      src={item.src}
      alt={item.alt}
      width={item.width ?? undefined}
      height={item.height ?? undefined}
      draggable={false}
      style={{ transform: `translate(${x}px, ${y}px) scale(${scale})` }}
      data-scale={scale}
    />
  );
}

type Zoom = ReturnType<typeof useZoom>;

/**
 * Photos and videos full screen: arrows, keys or a swipe move through the list, + and − (buttons,
 * keys, wheel, pinch, double tap) zoom a photo and a drag pans it, a video plays in the browser's
 * own player. Escape or Close ends it; focus stays inside while open and returns to the opener.
 */
export function MediaViewer({
  items,
  index: start,
  onClose,
}: {
  items: readonly ViewerItem[];
  index: number;
  onClose(): void;
}) {
  const [index, setIndex] = useState(() => Math.min(Math.max(start, 0), items.length - 1));
  const dialogRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const count = items.length;
  const go = (dir: -1 | 1) => setIndex((i) => Math.min(Math.max(i + dir, 0), count - 1));
  const zoom = useZoom(stageRef, go);
  const item = items[index];
  useModalFocus(dialogRef, onClose);

  // A new item starts at fit size; neighbours' photos load ahead so a swipe shows them at once.
  const { reset } = zoom;
  useEffect(() => reset(), [index, reset]);
  useEffect(() => {
    for (const near of [items[index - 1], items[index + 1]])
      if (near?.kind === 'image') new Image().src = near.src;
  }, [index, items]);

  // The page behind does not scroll while the viewer covers it.
  useEffect(() => {
    const before = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = before;
    };
  }, []);

  const isImage = item?.kind === 'image';
  // On the document, not the dialog: a Next button disabled at the last item drops focus to the body.
  const onKey = useEffectEvent((e: globalThis.KeyboardEvent) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      if (ownsArrows(e.target)) return;
      e.preventDefault();
      go(e.key === 'ArrowLeft' ? -1 : 1);
    } else if (isImage && (e.key === '+' || e.key === '=')) zoom.zoomIn();
    else if (isImage && e.key === '-') zoom.zoomOut();
    else if (isImage && e.key === '0') zoom.reset();
  });
  useEffect(() => {
    const listener = (e: globalThis.KeyboardEvent) => onKey(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  if (!item) return null;

  return createPortal(
    <div
      ref={dialogRef}
      className={styles.viewer}
      role="dialog"
      aria-modal="true"
      aria-label="Media viewer"
      tabIndex={-1}
    >
      <div className={styles.bar}>
        <p className={styles.counter} aria-live="polite">
          {count > 1 ? `${index + 1} of ${count}` : item.kind === 'video' ? 'Video' : 'Photo'}
        </p>
        {isImage && (
          <div className={styles.zoom} role="group" aria-label="Zoom">
            <button
              type="button"
              className={styles.control}
              aria-label="Zoom out"
              disabled={zoom.view.scale <= MIN_SCALE}
              onClick={zoom.zoomOut}
            >
              −
            </button>
            <button
              type="button"
              className={styles.control}
              aria-label="Zoom in"
              disabled={zoom.view.scale >= MAX_SCALE}
              onClick={zoom.zoomIn}
            >
              +
            </button>
          </div>
        )}
        <button type="button" className={styles.control} aria-label="Close viewer" onClick={onClose}>
          ✕
        </button>
      </div>
      <div
        ref={stageRef}
        className={`${styles.stage} ${isImage && zoom.view.scale > MIN_SCALE ? styles.zoomed : ''}`}
        {...(isImage ? zoom.handlers : {})}
      >
        <Stage key={index} item={item} view={zoom.view} />
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${styles.control} ${styles.nav} ${styles.prev}`}
            aria-label="Previous item"
            disabled={index === 0}
            onClick={() => go(-1)}
          >
            ‹
          </button>
          <button
            type="button"
            className={`${styles.control} ${styles.nav} ${styles.next}`}
            aria-label="Next item"
            disabled={index === count - 1}
            onClick={() => go(1)}
          >
            ›
          </button>
        </>
      )}
    </div>,
    document.body,
  );
}
