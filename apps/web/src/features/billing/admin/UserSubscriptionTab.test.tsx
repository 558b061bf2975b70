import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, serve } from '../../../test/render';
import { UserSubscriptionTab } from './UserSubscriptionTab';

vi.mock('../../../app/routing', async (original) => ({
  ...(await original<typeof import('../../../app/routing')>()),
  useParams: () => ({ id: 'u-casey' }),
}));

describe('crediting a user’s balance', () => {
  it('checks the amount, shows a refusal, and sends it in minor units', async () => {
    const answers = [{ status: 409, body: { code: 'billing.no_balance', message: 'No balance to credit.' } }];
    const sent: unknown[] = [];
    const { calls } = serve({
      'POST /api/subscriptions/admin/users/u-casey/credit': (_url, init) => {
        sent.push(JSON.parse(init?.body as string));
        return answers.shift() ?? { status: 201, body: { data: { id: 't-1' } } };
      },
    });
    renderApp(<UserSubscriptionTab />);
    const amount = screen.getByLabelText('Amount');
    await userEvent.type(amount, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Add credit' }));
    expect(await screen.findByText('Enter an amount greater than zero, e.g. 9.99.')).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.50');
    await userEvent.click(screen.getByRole('button', { name: 'Add credit' }));
    expect(await screen.findByText('No balance to credit.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add credit' }));
    await waitFor(() => expect(sent).toEqual([{ amount: 1250 }, { amount: 1250 }]));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe(''));
  });
});
