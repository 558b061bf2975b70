import type { LucideIcon } from 'lucide-react';
import {
  cloneElement,
  isValidElement,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { afterFirstScreen } from '../lib/idle';
import { signal } from '../lib/signal';

/** One entry of an action menu; entries with different `group`s get a separator between them. */
export interface MenuAction {
  id: string;
  label: string;
  icon?: LucideIcon;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** Shown on the right, e.g. "F2" (also announced as aria-keyshortcuts). */
  shortcut?: string;
  group?: number;
  /** A choice among options (sort order): shows a tick and is announced as checked. */
  checked?: boolean;
}

export interface DropdownProps {
  /** The element that opens the menu (a button; it receives the open state and handlers). */
  trigger: ReactNode;
  /** The entries, or a function computing them when the menu opens. */
  actions: MenuAction[] | (() => MenuAction[]);
  header?: ReactNode;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

export interface ContextProps {
  children: ReactNode;
  /** Computed when the menu opens (right-click, or a long press on touch screens). */
  actions: () => MenuAction[];
  header?: () => ReactNode;
  onOpenChange?: (open: boolean) => void;
}

export interface PanelProps {
  /** The button that opens the panel. */
  trigger: ReactNode;
  /** The panel's heading (its accessible name). */
  label: ReactNode;
  children: ReactNode;
  side?: 'right' | 'bottom';
  className?: string;
}

/*
 * The menus themselves (Radix, with its positioning and focus handling: a fifth of the Files
 * screen's script) are in MenuParts.tsx, loaded once the first screen has settled (see
 * afterFirstScreen), or as soon as the user first moves the pointer, touches or types, whichever
 * comes first: by the time a finger reaches a ⋯ button they are usually in. Until then a trigger is
 * the bare button, and a press on it opens its menu as soon as the parts arrive, unless the user
 * has moved on in the meantime (issue 41, point 9): a menu opens at once or not at all, never
 * later over whatever was opened next.
 */
type Parts = typeof import('./MenuParts');
const parts = signal<Parts | null>(null);
let loading: Promise<Parts> | null = null;

function loadParts(): Promise<Parts> {
  loading ??= import('./MenuParts').then((m) => {
    parts.set(m);
    return m;
  });
  return loading;
}

/** The first sign of a user about to press something loads the parts (once). */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown'] as const;
let intentWatched = false;
function loadOnFirstIntent(): void {
  if (intentWatched || typeof window === 'undefined') return;
  intentWatched = true;
  const load = () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, load, true);
    void loadParts();
  };
  for (const type of INTENT_EVENTS) window.addEventListener(type, load, { capture: true, passive: true });
}

/**
 * The one press waiting for the parts. It is given up when the user moves on before they arrive:
 * any later press, tap or key (Escape among them), or a change of address (back, forward, a link).
 * Listeners are on `window` in the capture phase, added while the opening press is still being
 * dispatched below it, so that press itself never counts.
 */
let waiting: (() => void) | null = null;

function openWhenLoaded(open: () => void, cancel: () => void): void {
  waiting?.();
  const address = window.location.href;
  const events = ['pointerdown', 'keydown', 'popstate'] as const;
  const stop = () => {
    for (const type of events) window.removeEventListener(type, giveUp, true);
    if (waiting === giveUp) waiting = null;
  };
  function giveUp(event?: Event) {
    // Shift alone is half of Shift+F10, which asked for this menu.
    if (event instanceof KeyboardEvent && ['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) return;
    stop();
    cancel();
  }
  for (const type of events) window.addEventListener(type, giveUp, true);
  waiting = giveUp;
  void loadParts().then(() => {
    if (waiting !== giveUp) return; // given up, or another press took over
    stop();
    // A route change without a popstate (a link followed by code) also means the user moved on.
    if (window.location.href !== address) cancel();
    else open();
  });
}

function useParts(): Parts | null {
  const current = parts.useValue();
  useEffect(() => {
    if (parts.get()) return;
    loadOnFirstIntent();
    afterFirstScreen(() => void loadParts());
  }, []);
  return current;
}

type TriggerProps = {
  onPointerDown?: (event: PointerEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
  onContextMenu?: (event: MouseEvent) => void;
  disabled?: boolean;
};

/** A menu opened by a button (click, Enter, Space or ArrowDown); arrow keys move, Escape closes. */
export function DropdownMenu(props: DropdownProps) {
  const loaded = useParts();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = props.open ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    props.onOpenChange?.(next);
  };
  useOpenWhenLoaded(loaded !== null, open, () => setOpen(false));
  if (loaded) return <loaded.RadixDropdownMenu {...props} open={open} onOpenChange={setOpen} />;
  return bareTrigger(props.trigger, () => setOpen(true));
}

/**
 * A menu asked open (by its trigger or its owner) before the parts are in: it opens when they
 * arrive, or is closed again if the user moved on first (see openWhenLoaded).
 */
function useOpenWhenLoaded(loaded: boolean, open: boolean, close: () => void): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (loaded || !open) return;
    let done = false;
    openWhenLoaded(
      () => (done = true),
      () => {
        if (!done) closeRef.current();
      },
    );
    return () => {
      done = true;
    };
  }, [loaded, open]);
}

/** A panel of content (not a list of actions) opened by a button, such as the notification centre. */
export function DropdownPanel(props: PanelProps) {
  const loaded = useParts();
  const [open, setOpen] = useState(false);
  useOpenWhenLoaded(loaded !== null, open, () => setOpen(false));
  if (loaded) return <loaded.RadixDropdownPanel {...props} open={open} onOpenChange={setOpen} />;
  return bareTrigger(props.trigger, () => setOpen(true));
}

/** The trigger before the parts arrive: a press asks for them and for the menu to open. */
function bareTrigger(trigger: ReactNode, open: () => void): ReactNode {
  if (!isValidElement<TriggerProps>(trigger)) return trigger;
  // Asked open: the menu shows once the parts are in, unless the user moves on first.
  const ask = () => {
    open();
    void loadParts();
  };
  return cloneElement(trigger as ReactElement<TriggerProps & Record<string, unknown>>, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerDown: (event: PointerEvent) => {
      trigger.props.onPointerDown?.(event);
      if (!trigger.props.disabled && event.button === 0 && !event.ctrlKey) ask();
    },
    onKeyDown: (event: KeyboardEvent) => {
      trigger.props.onKeyDown?.(event);
      if (!trigger.props.disabled && ['Enter', ' ', 'ArrowDown'].includes(event.key)) {
        event.preventDefault();
        ask();
      }
    },
  });
}

/** The right-click menu of an area; a long press opens it on touch screens. */
export function ContextMenu(props: ContextProps) {
  const loaded = useParts();
  // Radix's trigger is an empty span beside the area, not a wrapper around it: were the area its
  // child, the parts arriving would change the area's ancestors and remount the whole listing
  // (losing its scroll position and focus) a moment after the first paint. The area passes its
  // right-clicks and long presses on to that span, as the same event at the same point.
  const anchor = useRef<HTMLSpanElement>(null);
  const pending = useRef<{ x: number; y: number } | null>(null);
  const [, rerender] = useState(0);
  const longPress = useRef(0);
  const open = (x: number, y: number) => {
    if (!anchor.current) {
      openWhenLoaded(
        () => {
          pending.current = { x, y };
          rerender((n) => n + 1);
        },
        () => (pending.current = null),
      );
      return;
    }
    anchor.current.dispatchEvent(
      new window.MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: x, clientY: y }),
    );
  };
  useEffect(() => {
    const point = pending.current;
    if (!loaded || !point) return;
    pending.current = null;
    open(point.x, point.y);
  });
  useEffect(() => () => window.clearTimeout(longPress.current), []);

  const area = props.children;
  if (!isValidElement<AreaProps>(area)) return area;
  const cancelPress = () => window.clearTimeout(longPress.current);
  return (
    <>
      {cloneElement(area, {
        onContextMenu: (event: MouseEvent) => {
          area.props.onContextMenu?.(event);
          cancelPress();
          if (event.defaultPrevented) return; // the area asked for no menu here
          event.preventDefault();
          open(event.clientX, event.clientY);
        },
        onPointerDown: (event: PointerEvent) => {
          area.props.onPointerDown?.(event);
          cancelPress();
          if (event.pointerType === 'mouse') return;
          const { clientX, clientY, target } = event;
          longPress.current = window.setTimeout(() => {
            target.dispatchEvent(
              new window.MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX, clientY }),
            );
          }, 700);
        },
        onPointerMove: (event: PointerEvent) => {
          area.props.onPointerMove?.(event);
          if (event.pointerType !== 'mouse') cancelPress();
        },
        onPointerUp: (event: PointerEvent) => {
          area.props.onPointerUp?.(event);
          cancelPress();
        },
        onPointerCancel: (event: PointerEvent) => {
          area.props.onPointerCancel?.(event);
          cancelPress();
        },
      })}
      {loaded && (
        <loaded.RadixContextMenu {...props}>
          <span ref={anchor} aria-hidden className="pointer-events-none fixed top-0 left-0 size-0" />
        </loaded.RadixContextMenu>
      )}
    </>
  );
}

type AreaProps = TriggerProps & {
  onPointerMove?: (event: PointerEvent) => void;
  onPointerUp?: (event: PointerEvent) => void;
  onPointerCancel?: (event: PointerEvent) => void;
};
