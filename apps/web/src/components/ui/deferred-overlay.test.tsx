import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredOverlay, deferred } from './deferred-overlay';

/** Stands for a Radix menu or popover: its trigger records the presses it receives. */
function RealTrigger({ presses }: { presses: string[] }) {
  return (
    <button
      type="button"
      onPointerDown={(event) => presses.push(`pointerdown:${event.button}`)}
      onKeyDown={(event) => presses.push(`keydown:${event.key}`)}
      onClick={() => presses.push('click')}
    >
      Real
    </button>
  );
}

function setup(kind: 'menu' | 'popover') {
  const presses: string[] = [];
  const importer = vi.fn(async () => RealTrigger);
  const component = deferred(importer);
  const ui = (
    <DeferredOverlay
      component={component}
      props={{ presses }}
      kind={kind}
      placeholder={<button type="button">Stand-in</button>}
    />
  );
  return { presses, importer, ui, ...render(ui) };
}

describe('DeferredOverlay', () => {
  it('stands in with the closed trigger and loads nothing until pointed at', async () => {
    const { importer } = setup('menu');
    const placeholder = screen.getByRole('button', { name: 'Stand-in' });
    expect(placeholder).toHaveAttribute('aria-haspopup', 'menu');
    expect(placeholder).toHaveAttribute('aria-expanded', 'false');
    expect(placeholder).toHaveAttribute('data-state', 'closed');
    expect(importer).not.toHaveBeenCalled();
    fireEvent.pointerEnter(placeholder);
    fireEvent.focus(placeholder);
    // Fetched once, but the stand-in stays until it is pressed.
    await waitFor(() => expect(importer).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: 'Real' })).not.toBeInTheDocument();
  });

  it('hands a menu’s pointer press to the real trigger', async () => {
    const { presses } = setup('menu');
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Stand-in' }), { button: 0 });
    await screen.findByRole('button', { name: 'Real' });
    await waitFor(() => expect(presses).toEqual(['pointerdown:0']));
  });

  it('ignores a secondary button, as a Radix menu does', async () => {
    const { importer } = setup('menu');
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Stand-in' }), { button: 2 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(importer).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Stand-in' })).toBeInTheDocument();
  });

  it('hands a menu’s key to the real trigger, which gets the focus', async () => {
    const { presses } = setup('menu');
    const placeholder = screen.getByRole('button', { name: 'Stand-in' });
    placeholder.focus();
    fireEvent.keyDown(placeholder, { key: 'ArrowDown' });
    const real = await screen.findByRole('button', { name: 'Real' });
    await waitFor(() => expect(presses).toEqual(['keydown:ArrowDown']));
    expect(real).toHaveFocus();
  });

  it('hands a popover’s click to the real trigger, focused if the stand-in was', async () => {
    const { presses } = setup('popover');
    const placeholder = screen.getByRole('button', { name: 'Stand-in' });
    expect(placeholder).toHaveAttribute('aria-haspopup', 'dialog');
    placeholder.focus();
    fireEvent.click(placeholder);
    const real = await screen.findByRole('button', { name: 'Real' });
    await waitFor(() => expect(presses).toEqual(['click']));
    expect(real).toHaveFocus();
  });

  it('renders the real component at once where it has already loaded', async () => {
    const { ui, importer, unmount } = setup('popover');
    fireEvent.click(screen.getByRole('button', { name: 'Stand-in' }));
    await screen.findByRole('button', { name: 'Real' });
    unmount();
    render(ui);
    expect(screen.getByRole('button', { name: 'Real' })).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries the import again after a failure', async () => {
    const importer = vi
      .fn<() => Promise<typeof RealTrigger>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(RealTrigger);
    const component = deferred(importer);
    await expect(component.load()).rejects.toThrow('offline');
    await expect(component.load()).resolves.toBe(RealTrigger);
    expect(component.loaded()).toBe(RealTrigger);
  });
});
