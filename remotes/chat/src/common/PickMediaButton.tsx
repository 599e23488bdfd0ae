import { Button } from '@cove/ui';
import { useRef, type ButtonHTMLAttributes } from 'react';

/**
 * A button that opens the file picker for one photo or video. The input itself stays hidden (tests and
 * assistive tech know it as "Photo or video file") and is emptied after each pick, so the same file
 * can be picked again.
 */
export function PickMediaButton({
  onPick,
  variant,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'> & {
  variant: 'ghost' | 'secondary';
  onPick(file: File): void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={picker}
        type="file"
        accept="image/*,video/*"
        hidden
        aria-label="Photo or video file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onPick(file);
        }}
      />
      <Button variant={variant} {...button} onClick={() => picker.current?.click()} />
    </>
  );
}
