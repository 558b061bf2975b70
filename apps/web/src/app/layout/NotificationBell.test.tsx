import {
  builtInCatalogues,
  en,
  type NotificationAction,
  type NotificationMessage,
  type NotificationResource,
  type UserResource,
} from '@filestore/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCatalogue } from '../../lib/i18n';
import { dispatchRealtime, resetRealtime } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { renderApp, serve, type Routes } from '../../test/render';
import { useLiveNotifications } from '../../features/notifications/live';
import { userQueryKey } from '../../features/user/user.api';
import { NotificationBell } from './NotificationBell';

const sound = vi.hoisted(() => ({ played: 0 }));
vi.mock('../../features/notifications/sound', () => ({ playBlop: () => (sound.played += 1) > 0 }));

const note = (
  id: string,
  title: string,
  {
    read = false,
    action = null,
    message = null,
  }: { read?: boolean; action?: NotificationAction | null; message?: NotificationMessage | null } = {},
): NotificationResource => ({
  data: {
    id,
    type: 'notification',
    attributes: {
      category: 'file-request',
      title,
      description: `About ${title}`,
      message,
      action,
      created_at: '2026-11-26T10:00:00.000Z',
      read_at: read ? '2026-11-26T10:05:00.000Z' : null,
    },
  },
});

/** A server holding `list` for the signed-in user; reading and clearing change it. */
function notificationServer(list: NotificationResource[], extra: Routes = {}) {
  const state = { list: [...list] };
  const unread = () => state.list.filter((n) => n.data.attributes.read_at === null);
  const user = (): UserResource => ({
    data: {
      id: 'u1',
      type: 'user',
      attributes: { name: 'Ann', email: 'ann@example.com' },
      relationships: {
        settings: { data: { attributes: { theme_mode: 'light' } } },
        favourites: { data: [] },
        unreadNotifications: { data: unread().slice(0, 5), meta: { count: unread().length, capped: false } },
        readNotifications: { data: [], meta: { count: 0, capped: false } },
      },
    } as unknown as UserResource['data'],
  });
  const served = serve({
    'GET /api/user': () => ({ status: 200, body: user() }),
    'GET /api/notifications': () => ({ status: 200, body: { data: state.list, meta: { next_cursor: null } } }),
    'POST /api/notifications/read': () => {
      state.list = state.list.map((n) =>
        n.data.attributes.read_at
          ? n
          : { data: { ...n.data, attributes: { ...n.data.attributes, read_at: '2026-11-26T11:00:00.000Z' } } },
      );
      return { status: 200, body: { type: 'success', message: 'ok' } };
    },
    'DELETE /api/notifications': () => {
      state.list = [];
      return { status: 200, body: { type: 'success', message: 'ok' } };
    },
    ...extra,
  });
  return { ...served, state };
}

function Live() {
  useLiveNotifications();
  return null;
}

function renderBell() {
  return renderApp(
    <>
      <Live />
      <NotificationBell />
      <button type="button">Elsewhere</button>
    </>,
  );
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
/** The panel's chunk is imported on the first press: compiling it can take a while in a test run. */
const panel = () => screen.findByRole('dialog', { name: 'Notifications' }, { timeout: 5000 });

beforeEach(() => {
  useSession.setState({ authenticated: true });
  resetRealtime();
  sound.played = 0;
  window.history.replaceState(null, '', '/platform/files');
});

describe('the notification center', () => {
  it('shows the unread count on the bell; opening lists them, reads them all and highlights the unread for a second', async () => {
    const server = notificationServer([note('n2', 'Second'), note('n1', 'First', { read: true })]);
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'), { timeout: 3000 });
    expect(bell().textContent).toContain('1');

    await userEvent.click(bell());
    const dialog = await panel();
    expect(await within(dialog).findByText('Second')).toBeTruthy();
    const items = within(dialog).getAllByRole('article');
    expect(items.map((a) => within(a).getByRole('heading').textContent)).toEqual(['Unread: Second', 'First']);
    expect(items[0]!.hasAttribute('data-unread')).toBe(true);
    expect(items[1]!.hasAttribute('data-unread')).toBe(false);
    await waitFor(() => expect(server.calls).toContain('POST /api/notifications/read'));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(bell().textContent).not.toContain('1');
    // Still highlighted right after reading, gone after about a second.
    await waitFor(() => expect(within(dialog).getAllByRole('article')[0]!.hasAttribute('data-unread')).toBe(false), {
      timeout: 2000,
    });
    expect(server.state.list.every((n) => n.data.attributes.read_at)).toBe(true);
  });

  it('shows a notification in the reader’s language now, and one stored as text as it was stored (ADR 0073)', async () => {
    // Made while the reader read English: the server stored English text beside the key.
    const made = note('n2', 'Upload request “Receipts” is complete', {
      message: { key: 'file_request.filled', params: { folder: 'Receipts', count: 2 } },
      action: { type: 'route', params: { route: 'Files', id: 'f1', button: 'Show files' } },
    });
    notificationServer([made, note('n1', 'Stored before', { read: true })]);
    setCatalogue('de', { ...en, ...builtInCatalogues.de });
    renderBell();
    await userEvent.click(screen.getByRole('button', { name: /^Benachrichtigungen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Benachrichtigungen' }, { timeout: 5000 });
    const [fresh, old] = await within(dialog).findAllByRole('article');
    expect(within(fresh!).getByRole('heading').textContent).toContain('Upload-Anfrage „Receipts“ ist abgeschlossen');
    expect(fresh!.textContent).toContain('2 Dateien sind eingegangen.');
    expect(within(fresh!).getByRole('link').textContent).toBe('Dateien anzeigen');
    expect(within(old!).getByRole('heading').textContent).toBe('Stored before');
    expect(old!.textContent).toContain('About Stored before');
  });

  it('shows what another user typed into a notification’s values as text, never as markup or a placeholder', async () => {
    // An upload request from someone whose name and message are markup, and a placeholder of another value.
    const hostile = note('n3', 'x', {
      message: {
        key: 'file_request.requested_note',
        params: { name: '<img src=x onerror="alert(1)">', note: '<b>hi</b> {{name}} <script>alert(2)</script>' },
      },
      action: { type: 'url', params: { url: '/request/t/upload', target: 'blank', button: 'Upload files' } },
    });
    notificationServer([hostile]);
    setCatalogue('en', en);
    renderBell();
    await userEvent.click(bell());
    const [item] = await within(await panel()).findAllByRole('article');
    expect(within(item!).getByRole('heading').textContent).toContain('<img src=x onerror="alert(1)"> asks you');
    expect(item!.textContent).toContain('Their message: “<b>hi</b> {{name}} <script>alert(2)</script>”');
    expect(item!.querySelector('img, b, script')).toBeNull();
  });

  it('Clear all empties the list, and Escape and a click outside close it', async () => {
    const server = notificationServer([note('n1', 'Only one')]);
    renderBell();
    await userEvent.click(bell());
    const dialog = await panel();
    await within(dialog).findByText('Only one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    expect(await within(dialog).findByText('No notifications yet')).toBeTruthy();
    expect(server.calls).toContain('DELETE /api/notifications');
    expect(within(dialog).queryByRole('button', { name: 'Clear all' })).toBeNull();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(bell());
    await panel();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a route action closes the center, then opens the named screen with the id', async () => {
    notificationServer([
      note('n1', 'Request complete', {
        action: { type: 'route', params: { route: 'Files', id: 'f-123', button: 'Show files' } },
      }),
    ]);
    renderBell();
    await userEvent.click(bell());
    const dialog = await panel();
    await userEvent.click(await within(dialog).findByRole('link', { name: 'Show files' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/platform/files/f-123');
  });

  it('a url action opens a new tab for target blank, the same tab otherwise, and never a script link', async () => {
    notificationServer([
      note('n3', 'Bad', {
        action: { type: 'url', params: { url: 'javascript:alert(1)', target: 'self', button: 'Run' } },
      }),
      note('n2', 'Here', {
        action: { type: 'url', params: { url: '/request/abc/upload', target: 'self', button: 'Go' } },
      }),
      note('n1', 'There', {
        action: { type: 'url', params: { url: 'https://example.com/x', target: 'blank', button: 'Open' } },
      }),
    ]);
    renderBell();
    await userEvent.click(bell());
    const dialog = await panel();
    const open = await within(dialog).findByRole('link', { name: 'Open' });
    expect(open.getAttribute('href')).toBe('https://example.com/x');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    const go = within(dialog).getByRole('link', { name: 'Go' });
    expect(go.getAttribute('href')).toBe(`${window.location.origin}/request/abc/upload`);
    expect(go.hasAttribute('target')).toBe(false);
    expect(within(dialog).queryByRole('link', { name: 'Run' })).toBeNull();
    open.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(open);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an invitation is accepted or declined with a loading state, and its buttons go once answered', async () => {
    const server = notificationServer([
      note('n2', 'Join us', { action: { type: 'invitation', params: { id: 'inv-2' } } }),
      note('n1', 'Join them', { action: { type: 'invitation', params: { id: 'inv-1' } } }),
    ]);
    // The teams endpoint answers when the test says so.
    const served = globalThis.fetch;
    let answer: () => void = () => undefined;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      if (!input.startsWith('/api/teams/invitations/')) return served(input, init);
      server.calls.push(`${init?.method} ${input}`);
      return new Promise<Response>((resolve) => {
        answer = () => resolve(new Response(JSON.stringify({ type: 'success', message: 'ok' }), { status: 200 }));
      });
    });
    renderBell();
    await userEvent.click(bell());
    const dialog = await panel();
    const [first, second] = await within(dialog).findAllByRole('article');
    await userEvent.click(within(first!).getByRole('button', { name: 'Accept' }));
    const accept = within(first!).getByRole<HTMLButtonElement>('button', { name: 'Accept' });
    expect(accept.getAttribute('aria-busy')).toBe('true');
    expect(accept.disabled).toBe(true);
    expect(within(first!).getByRole<HTMLButtonElement>('button', { name: 'Decline' }).disabled).toBe(true);
    await act(async () => answer());
    await waitFor(() => expect(within(first!).queryByRole('button', { name: 'Accept' })).toBeNull());
    expect(within(first!).queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(server.calls).toContain('PUT /api/teams/invitations/inv-2');

    await userEvent.click(within(second!).getByRole('button', { name: 'Decline' }));
    await act(async () => answer());
    await waitFor(() => expect(within(second!).queryByRole('button', { name: 'Decline' })).toBeNull());
    expect(server.calls).toContain('DELETE /api/teams/invitations/inv-1');
  });

  it('a live notification goes on top, bumps the badge, refreshes the user and plays the blop', async () => {
    const server = notificationServer([note('n1', 'Old', { read: true })]);
    const { client } = renderBell();
    await waitFor(() => expect(client.getQueryData(userQueryKey)).toBeTruthy());
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    const live = note('n9', 'Live one');
    server.state.list = [live, ...server.state.list];
    const userCalls = () => server.calls.filter((c) => c === 'GET /api/user').length;
    const before = userCalls();
    act(() => {
      expect(dispatchRealtime('notification', { id: '41', payload: live })).toBe(true);
    });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    expect(sound.played).toBe(1);
    await waitFor(() => expect(userCalls()).toBe(before + 1));
    // The same envelope again (a redelivery) changes nothing.
    act(() => {
      dispatchRealtime('notification', { id: '41', payload: live });
    });
    expect(sound.played).toBe(1);

    // With the center open, the next one shows at the top, highlighted, and is read.
    await userEvent.click(bell());
    const dialog = await panel();
    await within(dialog).findByText('Live one');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    const newer = note('n10', 'Newer one');
    server.state.list = [newer, ...server.state.list];
    act(() => {
      dispatchRealtime('notification', { id: '42', payload: newer });
    });
    await waitFor(() => expect(within(dialog).getAllByRole('article')[0]!.textContent).toContain('Newer one'));
    const first = within(dialog).getAllByRole('article')[0]!;
    expect(first.hasAttribute('data-unread')).toBe(true);
    await waitFor(() =>
      expect(server.calls.filter((c) => c === 'POST /api/notifications/read').length).toBeGreaterThanOrEqual(2),
    );
    expect(sound.played).toBe(2);
  });
});
