import { useCallback, useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';

export const MIN_SCALE = 1;
export const MAX_SCALE = 4;
/** What one press of + or − multiplies the scale by. */
export const ZOOM_STEP = 1.5;
/** A double tap zooms to this, or back to fit. */
const DOUBLE_TAP_SCALE = 2.5;
/** A horizontal drag longer than this (px) at fit size moves to the next or previous item. */
const SWIPE_PX = 50;
/** Two taps closer than this (ms and px) are a double tap. */
const DOUBLE_TAP_MS = 300;
const TAP_SLOP_PX = 10;

interface View {
  scale: number;
  x: number;
  y: number;
}
const fit: View = { scale: 1, x: 0, y: 0 };
const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/**
 * Zoom and pan of one picture: buttons, wheel, pinch, double tap, drag to pan when zoomed, and a
 * swipe at fit size to move between items. The picture never drifts further than its own overflow.
 */
export function useZoom(stageRef: RefObject<HTMLElement | null>, onSwipe: (dir: -1 | 1) => void) {
  const [view, setView] = useState<View>(fit);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{
    startX: number;
    startY: number;
    startAt: number;
    pinchDistance: number | null;
    pinchScale: number;
    moved: boolean;
  } | null>(null);
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null);

  /** Keeps the pan inside what the zoom makes overflow the stage. */
  const clamp = useCallback(
    (v: View): View => {
      const stage = stageRef.current;
      if (v.scale <= MIN_SCALE || !stage) return fit;
      const maxX = ((v.scale - 1) * stage.clientWidth) / 2;
      const maxY = ((v.scale - 1) * stage.clientHeight) / 2;
      return {
        scale: v.scale,
        x: Math.min(maxX, Math.max(-maxX, v.x)),
        y: Math.min(maxY, Math.max(-maxY, v.y)),
      };
    },
    [stageRef],
  );
  const zoomTo = useCallback(
    (scale: number) => setView((v) => clamp({ ...v, scale: clampScale(scale) })),
    [clamp],
  );
  const zoomBy = useCallback(
    (factor: number) => setView((v) => clamp({ ...v, scale: clampScale(v.scale * factor) })),
    [clamp],
  );
  const reset = useCallback(() => setView(fit), []);

  // A wheel zooms the picture instead of scrolling the page behind (so the listener is not passive).
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return undefined;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      zoomBy(Math.exp(-e.deltaY * 0.002));
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [stageRef, zoomBy]);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1)
      gesture.current = {
        startX: e.clientX,
        startY: e.clientY,
        startAt: e.timeStamp,
        pinchDistance: null,
        pinchScale: view.scale,
        moved: false,
      };
    else if (pointers.current.size === 2 && gesture.current) {
      gesture.current.pinchDistance = distance();
      gesture.current.pinchScale = view.scale;
      gesture.current.moved = true;
    }
  };

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const last = pointers.current.get(e.pointerId);
    const g = gesture.current;
    if (!last || !g) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (Math.hypot(e.clientX - g.startX, e.clientY - g.startY) > TAP_SLOP_PX) g.moved = true;
    if (pointers.current.size === 2 && g.pinchDistance) {
      zoomTo((g.pinchScale * distance()) / g.pinchDistance);
    } else if (pointers.current.size === 1 && view.scale > MIN_SCALE) {
      const dx = e.clientX - last.x;
      const dy = e.clientY - last.y;
      setView((v) => clamp({ ...v, x: v.x + dx, y: v.y + dy }));
    }
  };

  const onPointerUp = (e: PointerEvent<HTMLElement>) => {
    const g = gesture.current;
    pointers.current.delete(e.pointerId);
    if (pointers.current.size > 0 || !g) return;
    gesture.current = null;
    const dx = e.clientX - g.startX;
    const dy = e.clientY - g.startY;
    if (
      g.pinchDistance === null &&
      view.scale <= MIN_SCALE &&
      Math.abs(dx) > SWIPE_PX &&
      Math.abs(dx) > Math.abs(dy)
    ) {
      onSwipe(dx < 0 ? 1 : -1);
      return;
    }
    if (g.moved) return;
    const tap = lastTap.current;
    if (
      tap &&
      e.timeStamp - tap.at < DOUBLE_TAP_MS &&
      Math.hypot(e.clientX - tap.x, e.clientY - tap.y) < TAP_SLOP_PX * 3
    ) {
      lastTap.current = null;
      if (view.scale > MIN_SCALE) reset();
      else zoomTo(DOUBLE_TAP_SCALE);
    } else lastTap.current = { at: e.timeStamp, x: e.clientX, y: e.clientY };
  };

  const onPointerCancel = (e: PointerEvent<HTMLElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) gesture.current = null;
  };

  return {
    view,
    zoomIn: () => zoomBy(ZOOM_STEP),
    zoomOut: () => zoomBy(1 / ZOOM_STEP),
    reset,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel },
  };
}
