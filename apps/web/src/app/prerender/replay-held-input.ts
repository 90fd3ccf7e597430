/** What a visitor did on the prerendered page before the app took it over. */
export interface HeldInput {
  clicks: Element[];
  fields: (HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement)[];
  /** Each field's value as the visitor left it, in the order of `fields`. */
  values: string[];
  forms: HTMLFormElement[];
}

declare global {
  interface Window {
    /** Set by the page's loader (build/defer-app-script-plugin.ts) while it waits for a touch. */
    __heldBeforeApp?: () => HeldInput;
  }
}

/**
 * Hands the live page what the visitor did before it was live: each changed field's value, then
 * each held click, then each held submit, in that order (a value typed, then Send). The loader
 * stops holding from here on. Called once the app has taken the page over.
 */
export function replayHeldInput() {
  const release = window.__heldBeforeApp;
  if (!release) return;
  delete window.__heldBeforeApp;
  const held = release();
  held.fields.forEach((field, index) => {
    if (field.isConnected) replayField(field, held.values[index] ?? field.value);
  });
  for (const control of held.clicks) {
    if (control.isConnected && control instanceof HTMLElement) control.click();
  }
  for (const form of held.forms) if (form.isConnected) form.requestSubmit();
}

const nativeValueSetter = (field: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;

function replayField(
  field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  value: string,
) {
  // A checkbox's or radio's change came with a click, which is replayed itself.
  if (field instanceof HTMLInputElement && ['checkbox', 'radio'].includes(field.type)) return;
  if (field instanceof HTMLSelectElement) {
    // Hydration selected the rendered option again: the visitor's goes back, as a change.
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // React took the typed value for the one it rendered (it reads the field when it takes the
  // page over) and reports no change for it. Its own `value` property records what React last
  // saw; the prototype's setter puts the typed value back without telling it, so the input
  // event below is a change again, for controlled and uncontrolled fields alike.
  const setValue = nativeValueSetter(field);
  if (!setValue) return;
  field.value = value === '' ? ' ' : '';
  setValue.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
