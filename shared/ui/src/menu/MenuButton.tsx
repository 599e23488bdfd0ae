import {
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import styles from './Menu.module.css';

export interface MenuItem {
  label: string;
  onSelect(): void;
  danger?: boolean;
}

/**
 * Opens the menu from elsewhere (a focused message's Enter key); focus comes back to what had it.
 * The key's default is to be prevented, or its keypress would choose the item it lands on.
 */
export interface MenuHandle {
  open(): void;
}

type Opening = 'first' | 'last';

const gap = 4;

/** Under the button when it fits in the window, else above it; its right edge on the button's. */
function place(menu: HTMLElement, anchor: HTMLElement) {
  const a = anchor.getBoundingClientRect();
  const { offsetHeight: height, offsetWidth: width } = menu;
  const below = a.bottom + gap + height <= window.innerHeight || a.top - gap - height < 0;
  menu.style.top = `${below ? a.bottom + gap : a.top - gap - height}px`;
  menu.style.left = `${Math.max(gap, Math.min(a.right - width, window.innerWidth - width - gap))}px`;
}

const itemsOf = (menu: HTMLElement | null) =>
  menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : [];

/**
 * A button that opens a menu of actions, as the WAI-ARIA menu button pattern has it: Enter, Space or
 * Down opens it on its first item, Up on its last; arrows, Home and End move through it, a letter
 * finds the next item starting with it; Escape, Tab or a choice closes it and focus goes back to
 * what opened it (the button, or whatever called `open()`); a click or scroll elsewhere closes it.
 */
export function MenuButton({
  label,
  items,
  children,
  buttonLabel,
  className,
  tabIndex,
  disabled,
  ref,
}: {
  /** The menu's name ("Chat options"). */
  label: string;
  items: readonly MenuItem[];
  /** What the button shows. */
  children: ReactNode;
  /** The button's name when what it shows is not one (an icon). */
  buttonLabel?: string;
  className?: string;
  tabIndex?: number;
  disabled?: boolean;
  ref?: Ref<MenuHandle>;
}) {
  const [opening, setOpening] = useState<Opening | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const menuId = useId();

  const show = (at: Opening) => {
    const active = document.activeElement;
    returnTo.current = active instanceof HTMLElement && active !== document.body ? active : button.current;
    setOpening(at);
  };
  const close = (refocus: boolean) => {
    setOpening(null);
    if (refocus) (returnTo.current?.isConnected ? returnTo.current : button.current)?.focus();
  };
  // The context-menu key may come as a key and then as a contextmenu event: the second finds it open.
  useImperativeHandle(ref, () => ({ open: () => void (menu.current ?? show('first')) }), []);

  useLayoutEffect(() => {
    const el = menu.current;
    if (!opening || !el || !button.current) return;
    place(el, button.current);
    const list = itemsOf(el);
    (opening === 'first' ? list[0] : list[list.length - 1])?.focus({ preventScroll: true });
  }, [opening]);

  useEffect(() => {
    if (!opening) return undefined;
    const outside = (e: Event) => {
      const t = e.target;
      if (t instanceof Node && (menu.current?.contains(t) || button.current?.contains(t))) return;
      setOpening(null);
    };
    const dismiss = () => setOpening(null);
    document.addEventListener('pointerdown', outside);
    document.addEventListener('scroll', outside, true);
    window.addEventListener('resize', dismiss);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('scroll', outside, true);
      window.removeEventListener('resize', dismiss);
    };
  }, [opening]);

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    show(e.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const list = itemsOf(menu.current);
    const at = list.findIndex((item) => item === document.activeElement);
    const go = (i: number) => {
      e.preventDefault();
      list[(i + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at < 0 ? -1 : at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(-1);
    else if (e.key === 'Escape') {
      // Only the menu closes: a dialog it sits in does not see this Escape.
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') {
      // Back on the opener first, so Tab goes on from there.
      close(true);
    } else if (e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const letter = e.key.toLowerCase();
      const next = list.findIndex(
        (item, i) => i > at && item.textContent?.trim().toLowerCase().startsWith(letter),
      );
      const found =
        next >= 0
          ? next
          : list.findIndex((item) => item.textContent?.trim().toLowerCase().startsWith(letter));
      if (found >= 0) go(found);
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-label={buttonLabel}
        aria-haspopup="menu"
        aria-expanded={opening !== null}
        aria-controls={opening ? menuId : undefined}
        tabIndex={tabIndex}
        disabled={disabled}
        onKeyDown={onButtonKey}
        onClick={() => (opening ? close(true) : show('first'))}
      >
        {children}
      </button>
      {opening && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          className={styles.menu}
          onKeyDown={onMenuKey}
          onBlur={(e) => {
            if (!(e.relatedTarget instanceof Node && menu.current?.contains(e.relatedTarget)))
              setOpening(null);
          }}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`${styles.item} ${item.danger ? styles.danger : ''}`}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
