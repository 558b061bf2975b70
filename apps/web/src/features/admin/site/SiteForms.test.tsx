import type { PageAttributes } from '@filestore/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, serve } from '../../../test/render';
import { AdsSettingsPage } from './AdsSettingsPage';
import { PageEditor } from './PageEditorPage';

const terms = {
  slug: 'terms-of-service',
  title: 'Terms of Service',
  content: 'Be nice.',
  content_html: '<p>Be nice.</p>',
  visibility: true,
  updated_at: '2026-01-01T00:00:00.000Z',
} as PageAttributes;

type Answer = { status: number; body?: unknown };

describe('the page editor', () => {
  it('asks for a title before any call', async () => {
    const { calls } = serve({
      'POST /api/admin/pages/preview': () => ({ status: 200, body: { data: { html: '' } } }),
    });
    renderApp(<PageEditor saved={terms} />);
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByLabelText('Title')).toBe(document.activeElement);
    expect(calls.filter((c) => c.startsWith('PATCH'))).toEqual([]);
  });

  it('puts a refusal on its field, and saves the page', async () => {
    const answers: Answer[] = [
      {
        status: 422,
        body: { code: 'validation.failed', message: 'Invalid', errors: { content: ['Too long for a page.'] } },
      },
    ];
    const sent: unknown[] = [];
    serve({
      'POST /api/admin/pages/preview': () => ({ status: 200, body: { data: { html: '' } } }),
      'PATCH /api/admin/pages/terms-of-service': (_url, init) => {
        sent.push(JSON.parse(init?.body as string));
        return answers.shift() ?? { status: 200, body: { data: { id: 'terms-of-service', attributes: terms } } };
      },
    });
    renderApp(<PageEditor saved={terms} />);
    await userEvent.type(screen.getByLabelText('Title'), ' ');
    await userEvent.type(screen.getByLabelText('Content'), ' More.');
    await userEvent.click(screen.getByRole('switch', { name: 'Visible to visitors' }));
    expect(screen.getByRole('status')).toBeTruthy(); // unsaved changes
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText('Too long for a page.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Content')).toBe(document.activeElement));
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ title: 'Terms of Service', content: 'Be nice. More.', visibility: false });
  });
});

describe('a settings tab (the ads)', () => {
  it('puts a refused setting under its field, and writes only the changed settings', async () => {
    let stored: Record<string, unknown> = { allowed_adsense: false, adsense_client_id: null };
    const answers: Answer[] = [
      {
        status: 422,
        body: { code: 'validation.failed', message: 'Invalid', errors: { value: ['Not a publisher id.'] } },
      },
    ];
    const sent: unknown[] = [];
    serve({
      'GET /api/admin/settings': () => ({ status: 200, body: { data: stored } }),
      'PATCH /api/admin/settings': (_url, init) => {
        const body = JSON.parse(init?.body as string) as { name: string; value: unknown };
        sent.push(body);
        const answer = answers.shift();
        if (answer) return answer;
        stored = { ...stored, [body.name]: body.value };
        return { status: 200, body: { data: stored } };
      },
    });
    renderApp(<AdsSettingsPage />);
    await userEvent.type(await screen.findByLabelText('Publisher id'), 'ca-pub-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save ads' }));
    expect(await screen.findByText('Not a publisher id.')).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: 'Show ads' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save ads' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent).toEqual([
      { name: 'adsense_client_id', value: 'ca-pub-1' },
      { name: 'allowed_adsense', value: true },
      { name: 'adsense_client_id', value: 'ca-pub-1' },
    ]);
  });
});
