import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, serve } from '../../../test/render';
import { BillingsPage } from './BillingsPage';

type Answer = { status: number; body?: unknown };

function settings(answers: Answer[] = []) {
  const saved: Record<string, unknown> = { billing_name: 'Acme', billing_city: null, billing_country: null };
  const sent: Array<{ name: string; value: unknown }> = [];
  serve({
    'GET /api/admin/settings': () => ({ status: 200, body: { data: saved } }),
    'PATCH /api/admin/settings': (_url, init) => {
      const body = JSON.parse(init?.body as string) as { name: string; value: unknown };
      sent.push(body);
      return answers.shift() ?? { status: 200, body: { data: { ...saved, [body.name]: body.value } } };
    },
  });
  return { sent };
}

describe('Admin → Payments → Billing details', () => {
  it('lists the Czech Republic and Slovakia first, as the profile does (spec §9)', async () => {
    settings();
    renderApp(<BillingsPage />);
    const country = await screen.findByLabelText('Country');
    const values = within(country)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(values.slice(0, 3)).toEqual(['', 'CZ', 'SK']);
    expect(values.length).toBeGreaterThan(240);
  });

  it('puts a refused detail under its field, then writes the changed details (an emptied one as null)', async () => {
    const { sent } = settings([
      {
        status: 422,
        body: { code: 'validation.failed', message: 'Invalid', errors: { billing_city: ['Too long.'] } },
      },
    ]);
    renderApp(<BillingsPage />);
    const name = await screen.findByLabelText('Company name');
    await userEvent.clear(name);
    await userEvent.type(screen.getByLabelText('City'), ' Bratislava ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(3));
    expect(sent).toEqual([
      { name: 'billing_name', value: null },
      { name: 'billing_name', value: null },
      { name: 'billing_city', value: 'Bratislava' },
    ]);
  });
});
