import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, serve } from '../../../test/render';
import { CreateFixedPlanPage, CreateMeteredPlanPage } from './CreatePlanPages';

type Answer = { status: number; body?: unknown };

afterEach(() => window.history.replaceState(null, '', '/'));

describe('creating a fixed plan', () => {
  it('offers spec §9’s currencies by name, USD, EUR and GBP first', async () => {
    serve({});
    renderApp(<CreateFixedPlanPage />);
    const options = within(screen.getByLabelText('Currency')).getAllByRole('option');
    expect(options.length).toBeGreaterThanOrEqual(150);
    expect(options.slice(0, 3).map((o) => o.getAttribute('value'))).toEqual(['USD', 'EUR', 'GBP']);
    expect(options[1]!.textContent).toBe('EUR · Euro');
    for (const code of ['CZK', 'NGN', 'XOF', 'VND', 'KWD'])
      expect(options.some((o) => o.getAttribute('value') === code)).toBe(true);
  });

  it('says on the currency field which payment provider refuses the plan’s currency', async () => {
    const sent: unknown[] = [];
    serve({
      'POST /api/subscriptions/admin/plans': (_url, init) => {
        sent.push(JSON.parse(init?.body as string));
        return {
          status: 422,
          body: {
            code: 'billing.currency_unsupported',
            message: 'PayPal, Paystack cannot sell a plan in CZK.',
            errors: { currency: ['PayPal, Paystack cannot sell a plan in CZK.'] },
            details: { drivers: ['paypal', 'paystack'], currency: 'CZK' },
          },
        };
      },
    });
    renderApp(<CreateFixedPlanPage />);
    await userEvent.type(screen.getByLabelText('Name'), 'Pro');
    await userEvent.type(screen.getByLabelText('Price'), '199');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'CZK');
    await userEvent.type(screen.getByLabelText('Storage (GB)'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    const currency = screen.getByLabelText('Currency');
    await waitFor(() => expect(currency.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(currency.getAttribute('aria-describedby')!)!;
    expect(message.textContent).toBe(
      'PayPal, Paystack cannot sell a plan in CZK. Choose a currency every payment provider you set up takes.',
    );
    expect(sent).toHaveLength(1);
    expect(window.location.pathname).toBe('/');
  });

  it('checks every field before any call', async () => {
    const { calls } = serve({});
    renderApp(<CreateFixedPlanPage />);
    await userEvent.type(screen.getByLabelText('Price'), '9.999');
    await userEvent.type(screen.getByLabelText('Storage (GB)'), '0');
    await userEvent.clear(screen.getByLabelText('Team members'));
    await userEvent.type(screen.getByLabelText('Team members'), '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Enter an amount greater than zero, e.g. 9.99.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number of GB, at least 1.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number, or -1 for unlimited.')).toBeTruthy();
    expect(screen.getByLabelText('Name')).toBe(document.activeElement);
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('puts a refusal on its field, and sends the plan in minor units', async () => {
    const answers: Answer[] = [
      {
        status: 422,
        body: { code: 'validation.failed', message: 'Invalid', errors: { name: ['A plan has this name.'] } },
      },
    ];
    const sent: unknown[] = [];
    serve({
      'POST /api/subscriptions/admin/plans': (_url, init) => {
        sent.push(JSON.parse(init?.body as string));
        return answers.shift() ?? { status: 201, body: { data: { id: 'plan-1', name: 'Pro' } } };
      },
    });
    renderApp(<CreateFixedPlanPage />);
    await userEvent.type(screen.getByLabelText('Name'), ' Pro ');
    await userEvent.type(screen.getByLabelText('Price'), '9,99');
    await userEvent.selectOptions(screen.getByLabelText('Billed every'), 'year');
    await userEvent.type(screen.getByLabelText('Storage (GB)'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('A plan has this name.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/plan/plan-1/fixed/subscribers'));
    expect(sent[1]).toEqual({
      type: 'fixed',
      name: 'Pro',
      description: null,
      amount: 999,
      currency: 'USD',
      interval: 'year',
      features: { max_storage_amount: 100, max_team_members: -1 },
      visible: true,
    });
  });
});

describe('creating a metered plan', () => {
  it('asks for a tier before any call, marks a wrong tier, then sends the tiers in minor units', async () => {
    const sent: unknown[] = [];
    const { calls } = serve({
      'POST /api/subscriptions/admin/plans': (_url, init) => {
        sent.push(JSON.parse(init?.body as string));
        return { status: 201, body: { data: { id: 'plan-2', name: 'Usage' } } };
      },
    });
    renderApp(<CreateMeteredPlanPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Add at least one tier to one meter.')).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);

    await userEvent.type(screen.getByLabelText('Name'), 'Usage');
    await userEvent.click(screen.getByRole('button', { name: 'Add a tier to Storage' }));
    await userEvent.type(screen.getByLabelText('Price per unit'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('Some tiers need fixing: see the marked boxes.')).toBeTruthy();
    expect(screen.getByLabelText('Price per unit').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Price per unit'));
    await userEvent.type(screen.getByLabelText('Price per unit'), '0.029');
    await waitFor(() => expect(screen.queryByText('Some tiers need fixing: see the marked boxes.')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin/plan/plan-2/metered/subscribers'));
    expect(sent[0]).toMatchObject({ type: 'metered', name: 'Usage', currency: 'USD', visible: true });
    expect((sent[0] as { meters: { key: string }[] }).meters.map((m) => m.key)).toEqual(['storage']);
  });
});
