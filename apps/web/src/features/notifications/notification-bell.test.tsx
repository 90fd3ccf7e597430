import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@alpenkube/contract';
import { clearGetCache } from '@/lib/http';
import { NotificationBell } from './notification-bell';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/use-toast', () => ({ toast }));

function notifications(count: number, read = false): Notification[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    type: 'info',
    message: `Message ${i + 1}`,
    // Later ids are newer.
    timestamp: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
    read,
    trash: false,
  }));
}

type Failure = false | 'status' | 'network';

function stubApi(list: Notification[], count: number, failing: Failure = false) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/notifications') return Response.json(list);
    if (url === '/api/notifications/count') return Response.json({ count });
    if (failing === 'status') return new Response(null, { status: 500 });
    if (failing === 'network') throw new TypeError('');
    void init;
    return Response.json({});
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NotificationBell />
    </QueryClientProvider>,
  );
}

async function openBell() {
  fireEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

beforeEach(() => {
  toast.mockReset();
  clearGetCache();
});
afterEach(() => vi.unstubAllGlobals());

describe('notification bell', () => {
  it('caps the badge at 99+', async () => {
    stubApi(notifications(1), 150);
    renderBell();
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('99+');
  });

  it('hides the badge and Mark all as read when nothing is unread', async () => {
    stubApi(notifications(2, true), 0);
    renderBell();
    const panel = await openBell();
    await within(panel).findByText('Message 2');
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(
      within(panel).queryByRole('button', { name: 'Mark all as read' }),
    ).not.toBeInTheDocument();
    // No socket is open in this test: the panel does not claim pushes arrive.
    expect(within(panel).getByText('Connecting…')).toBeInTheDocument();
  });

  it('shows the newest 5, then 10 more per View all notifications', async () => {
    stubApi(notifications(30), 30);
    renderBell();
    const panel = await openBell();
    await within(panel).findByText('Message 30');
    const items = () => within(panel).getAllByTestId('notification-item');
    expect(items()).toHaveLength(5);
    expect(items()[0]).toHaveTextContent('Message 30');
    fireEvent.click(within(panel).getByRole('button', { name: 'View all notifications' }));
    expect(items()).toHaveLength(15);
    fireEvent.click(within(panel).getByRole('button', { name: 'View all notifications' }));
    expect(items()).toHaveLength(25);
  });

  it('marks all as read with a 3 s toast', async () => {
    const fetch = stubApi(notifications(3), 3);
    renderBell();
    const panel = await openBell();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'All notifications marked as read',
        duration: 3000,
      }),
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/notifications/mark-all-read',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('shows the server message of a failed mark-read', async () => {
    stubApi(notifications(1), 1, 'status');
    renderBell();
    const panel = await openBell();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Mark as read' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'HTTP Error 500',
        variant: 'destructive',
      }),
    );
  });

  it.each([
    ['Move to trash', 'Failed to move notification to trash'],
    ['Mark as read', 'Failed to mark notification as read'],
  ])('falls back to a fixed text when %s fails without a message', async (button, text) => {
    stubApi(notifications(1), 1, 'network');
    renderBell();
    const panel = await openBell();
    fireEvent.click(await within(panel).findByRole('button', { name: button }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Error',
        description: text,
        variant: 'destructive',
      }),
    );
  });
});
