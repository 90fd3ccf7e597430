import {
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactElement,
} from 'react';
import { Slot } from 'radix-ui';

/** A component whose module is imported on first use, then kept for every later render. */
export type Deferred<P> = {
  /** Imports the module once (again after a failure) and resolves to the component. */
  load: () => Promise<ComponentType<P>>;
  /** The component, once imported. */
  loaded: () => ComponentType<P> | undefined;
};

export function deferred<P>(importer: () => Promise<ComponentType<P>>): Deferred<P> {
  let component: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  return {
    load: () =>
      (pending ??= importer().then(
        (loaded) => (component = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
    loaded: () => component,
  };
}

/** The press that opened the placeholder, given again to the real trigger. */
type Press =
  | { type: 'pointerdown'; pointerType: string }
  | { type: 'keydown'; key: string }
  | { type: 'click'; focused: boolean };

/** The keys that open a Radix menu from its trigger. */
const MENU_KEYS = ['Enter', ' ', 'ArrowDown'];

function replay(trigger: HTMLElement, press: Press) {
  if (press.type === 'pointerdown') {
    trigger.dispatchEvent(
      new PointerEvent('pointerdown', {
        bubbles: true,
        cancelable: true,
        button: 0,
        isPrimary: true,
        pointerType: press.pointerType,
      }),
    );
  } else if (press.type === 'keydown') {
    trigger.focus();
    trigger.dispatchEvent(
      new KeyboardEvent('keydown', { key: press.key, bubbles: true, cancelable: true }),
    );
  } else {
    if (press.focused) trigger.focus();
    trigger.click();
  }
}

/**
 * A menu or popover whose code (Radix, its positioning, its content) loads when it is first
 * opened rather than with the page: none of it is needed to paint the page.
 *
 * Until then `placeholder`, a look-alike of the real trigger (same element, label and closed
 * state), stands in for it; pointing at it or focusing it starts the download. The press that
 * would have opened the real one (`menu`: a pointer press or Enter, Space or ArrowDown, as a
 * Radix dropdown menu; `popover`: a click, as a Radix popover) renders `component` in its place
 * and hands the same press to its trigger, so it opens as if it had been there from the start
 * (a menu opened from the keyboard focuses its first item). Once loaded, `component` renders
 * directly, here and wherever else it is used.
 */
export function DeferredOverlay<P extends object>({
  component,
  props,
  kind,
  placeholder,
}: {
  component: Deferred<P>;
  props: P;
  kind: 'menu' | 'popover';
  placeholder: ReactElement;
}) {
  const [Real, setReal] = useState<ComponentType<P> | undefined>(component.loaded);
  const pendingPress = useRef<Press | null>(null);
  const wrapper = useRef<HTMLSpanElement>(null);

  // Runs after the real component's own effects (a parent's run after its children's).
  useEffect(() => {
    const press = pendingPress.current;
    pendingPress.current = null;
    const trigger = wrapper.current?.querySelector<HTMLElement>('button, a[href], [tabindex]');
    if (Real && press && trigger) replay(trigger, press);
  }, [Real]);

  if (Real) {
    return (
      <span ref={wrapper} className="contents">
        <Real {...props} />
      </span>
    );
  }

  const prefetch = () => void component.load().catch(() => undefined);
  const open = (press: Press) => {
    pendingPress.current = press;
    component.load().then(
      (loaded) => setReal(() => loaded),
      (error: unknown) => console.error('Could not load the menu', error),
    );
  };
  const handlers =
    kind === 'menu'
      ? {
          onPointerDown: (event: ReactPointerEvent) => {
            if (event.button !== 0 || event.ctrlKey) return;
            // As Radix does: the menu takes the focus, not the trigger.
            event.preventDefault();
            open({ type: 'pointerdown', pointerType: event.pointerType });
          },
          onKeyDown: (event: ReactKeyboardEvent) => {
            if (!MENU_KEYS.includes(event.key)) return;
            event.preventDefault();
            open({ type: 'keydown', key: event.key });
          },
        }
      : {
          onClick: (event: ReactMouseEvent) =>
            open({ type: 'click', focused: document.activeElement === event.currentTarget }),
        };

  return (
    <span ref={wrapper} className="contents">
      <Slot.Root
        aria-haspopup={kind === 'menu' ? 'menu' : 'dialog'}
        aria-expanded={false}
        data-state="closed"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        {...handlers}
      >
        {placeholder}
      </Slot.Root>
    </span>
  );
}
