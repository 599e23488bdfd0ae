import { Button } from '@cove/ui';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './MediaCarousel.module.css';

/**
 * A post's several photos and videos, one at a time: Previous and Next, the arrow keys while it has
 * focus, and where one is ("2 of 5") said on screen and to screen readers.
 */
export function MediaCarousel({
  count,
  kinds,
  render,
}: {
  count: number;
  /** Each item's kind word ("Photo", "Video"), for its slide's name. */
  kinds: string[];
  render(index: number): ReactNode;
}) {
  const [index, setIndex] = useState(0);
  const go = (to: number) => setIndex(Math.min(Math.max(to, 0), count - 1));
  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'ArrowRight') go(index + 1);
    else if (e.key === 'ArrowLeft') go(index - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(count - 1);
    else return;
    e.preventDefault();
  }
  const place = `${index + 1} of ${count}`;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the carousel takes focus so the arrow keys move it (the WAI-ARIA carousel pattern); its buttons do the same
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label="Photos and videos"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable for its arrow keys, as above
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div role="group" aria-roledescription="slide" aria-label={`${kinds[index] ?? 'Item'} ${place}`}>
        {render(index)}
      </div>
      <div className={styles.carouselBar}>
        <Button variant="ghost" disabled={index === 0} onClick={() => go(index - 1)} aria-label="Previous">
          ‹
        </Button>
        <span className={styles.carouselPlace} aria-live="polite">
          {place}
        </span>
        <Button
          variant="ghost"
          disabled={index === count - 1}
          onClick={() => go(index + 1)}
          aria-label="Next"
        >
          ›
        </Button>
      </div>
    </section>
  );
}
