import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { replayHeldInput } from './replay-held-input';

/** A page's controls as the server renders them: a controlled field, a choice and a button. */
function Controls() {
  const [email, setEmail] = useState('');
  const [plan, setPlan] = useState('monthly');
  const [sent, setSent] = useState(0);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSent((count) => count + 10);
      }}
    >
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <select aria-label="Plan" value={plan} onChange={(event) => setPlan(event.target.value)}>
        <option value="monthly">Monthly</option>
        <option value="yearly">Yearly</option>
      </select>
      <button type="button" onClick={() => setSent((count) => count + 1)}>
        Count
      </button>
      <output>{`${email}|${plan}|${sent}`}</output>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  delete window.__heldBeforeApp;
});

/** The prerendered HTML, changed by the visitor before any script ran, then hydrated. */
function prerenderedAndTouched() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Controls />);
  document.body.append(container);
  const email = container.querySelector('input')!;
  const plan = container.querySelector('select')!;
  const button = container.querySelector('button')!;
  const form = container.querySelector('form')!;
  email.value = 'ada@example.com';
  plan.value = 'yearly';
  window.__heldBeforeApp = () => ({
    fields: [email, plan],
    values: ['ada@example.com', 'yearly'],
    clicks: [button],
    forms: [form],
  });
  act(() => {
    root = hydrateRoot(container, <Controls />);
  });
  return container;
}

describe('replayHeldInput', () => {
  it('hands typed values, a chosen option, a click and a submit to the hydrated page', () => {
    const container = prerenderedAndTouched();
    const output = () => container.querySelector('output')!.textContent;
    // React takes the typed values for its own: without the replay the state never hears of them.
    expect(output()).toBe('|monthly|0');
    act(() => replayHeldInput());
    expect(output()).toBe('ada@example.com|yearly|11');
    expect(container.querySelector('input')!.value).toBe('ada@example.com');
  });

  it('replays once, and does nothing on a page the app drew itself', () => {
    const container = prerenderedAndTouched();
    act(() => replayHeldInput());
    act(() => replayHeldInput());
    expect(container.querySelector('output')!.textContent).toBe('ada@example.com|yearly|11');
    expect(window.__heldBeforeApp).toBeUndefined();
  });
});
