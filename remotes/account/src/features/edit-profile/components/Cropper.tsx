import { useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { MAX_ZOOM, MIN_ZOOM, moveCrop, zoomCrop, type Crop, type CropState } from '../model/crop';
import styles from './Cropper.module.css';

/** How far one arrow press moves the frame, as a fraction of the photo (Shift: five times as far). */
const STEP = 0.02;
const arrows: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

const percent = (fraction: number) => `${fraction * 100}%`;

/**
 * The photo with a frame of the given aspect over it: drag the frame or move it with the arrow keys,
 * and zoom with the slider. The crop is kept as fractions of the photo, the way the server takes it.
 */
export function Cropper({
  src,
  alt,
  imageWidth,
  imageHeight,
  aspect,
  value,
  onChange,
}: {
  src: string;
  alt: string;
  imageWidth: number;
  imageHeight: number;
  aspect: number;
  value: CropState;
  onChange(next: CropState): void;
}) {
  const hintId = useId();
  const zoomId = useId();
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; start: CropState } | null>(null);
  const imageAspect = imageWidth / imageHeight;
  const { crop } = value;

  function onKeyDown(e: KeyboardEvent) {
    const arrow = arrows[e.key];
    if (!arrow) return;
    e.preventDefault();
    const step = e.shiftKey ? STEP * 5 : STEP;
    onChange(moveCrop(value, arrow[0] * step, arrow[1] * step));
  }

  function onPointerDown(e: PointerEvent<HTMLButtonElement>) {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, start: value };
  }

  function onPointerMove(e: PointerEvent) {
    const rect = box.current?.getBoundingClientRect();
    if (!drag.current || !rect || rect.width === 0 || rect.height === 0) return;
    const { x, y, start } = drag.current;
    onChange(moveCrop(start, (e.clientX - x) / rect.width, (e.clientY - y) / rect.height));
  }

  return (
    <div className={styles.cropper}>
      <div ref={box} className={styles.box} style={{ aspectRatio: `${imageWidth} / ${imageHeight}` }}>
        <img className={styles.image} src={src} alt={alt} draggable={false} />
        <button
          type="button"
          className={aspect === 1 ? `${styles.frame} ${styles.round}` : styles.frame}
          style={frameStyle(crop)}
          aria-label="Crop frame"
          aria-describedby={hintId}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
        />
      </div>
      <p id={hintId} className={styles.hint}>
        Drag the frame, or focus it and use the arrow keys, to choose what shows.
      </p>
      <div className={styles.zoom}>
        <label htmlFor={zoomId}>Zoom</label>
        <input
          id={zoomId}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          value={value.zoom}
          aria-valuetext={`${Math.round(value.zoom * 100)}%`}
          onChange={(e) => onChange(zoomCrop(value, Number(e.target.value), imageAspect, aspect))}
        />
      </div>
    </div>
  );
}

function frameStyle(crop: Crop) {
  return {
    left: percent(crop.x),
    top: percent(crop.y),
    width: percent(crop.width),
    height: percent(crop.height),
  };
}
