import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, serve } from '../../../test/render';
import { PlanSubscribersPage } from './PlanPages';

vi.mock('../../../app/routing', async (original) => ({
  ...(await original<typeof import('../../../app/routing')>()),
  useParams: () => ({ id: 'plan-1' }),
}));

const plan = {
  id: 'plan-1',
  type: 'fixed',
  status: 'active',
  name: 'Pro',
  description: null,
  amount: 999,
  currency: 'EUR',
  interval: 'month',
  visible: true,
  features: { max_storage_amount: 100, max_team_members: 5 },
  meters: null,
  drivers: [],
  subscribers: 1,
  created_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-12-01T10:00:00.000Z',
};

const subscription = {
  id: 'sub-1',
  user_id: 'u-petra',
  plan_id: 'plan-1',
  name: 'Pro',
  type: 'fixed',
  status: 'active',
  driver: 'stripe',
  driver_subscription_id: 'sub_1',
  renews_at: null,
  ends_at: null,
  created_at: '2026-12-02T10:00:00.000Z',
  updated_at: '2026-12-02T10:00:00.000Z',
  user: { id: 'u-petra', email: 'petra@example.com', name: 'Petra Plan' },
};

describe('a plan’s Subscribers tab (spec §2)', () => {
  it('shows each subscriber by name and email, linked to their admin page, not by a raw id', async () => {
    serve({
      'GET /api/subscriptions/admin/plans/plan-1': () => ({ status: 200, body: { data: plan } }),
      'GET /api/subscriptions/admin/plans/plan-1/subscribers': () => ({
        status: 200,
        body: { data: [subscription], meta: { paginate: { currentPage: 1, perPage: 100, total: 1, lastPage: 1 } } },
      }),
    });
    renderApp(<PlanSubscribersPage />);
    const link = await screen.findByRole('link', { name: 'Petra Plan' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/admin/user/u-petra/details');
    const row = link.closest('tr')!;
    expect(within(row).getByText('petra@example.com')).toBeTruthy();
    expect(within(row).queryByText('u-petra')).toBeNull();
  });
});
