import type {
  CreatePlanRequest,
  CreditCardResource,
  PlanResource,
  SubscriptionDetailResponse,
  SubscriptionResource,
  SubscriptionsQuery,
  SubscriptionsResponse,
  TransactionResource,
  TransactionsQuery,
  TransactionsResponse,
  UpdatePlanRequest,
} from '@filestore/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../lib/api';

export const billingKeys = {
  all: ['billing'] as const,
  publicPlans: ['billing', 'plans', 'public'] as const,
  adminPlans: ['billing', 'plans', 'admin'] as const,
  plan: (id: string) => ['billing', 'plans', 'admin', id] as const,
  subscribers: (id: string) => ['billing', 'plans', 'admin', id, 'subscribers'] as const,
  subscriptions: (q: SubscriptionsQuery) => ['billing', 'subscriptions', q] as const,
  transactions: (q: TransactionsQuery) => ['billing', 'transactions', 'admin', q] as const,
  userTransactions: (id: string) => ['billing', 'transactions', 'user', id] as const,
  userSubscription: (id: string) => ['billing', 'subscription', 'user', id] as const,
  mine: ['billing', 'mine'] as const,
  myTransactions: (page: number) => ['billing', 'mine', 'transactions', page] as const,
  cards: ['billing', 'mine', 'cards'] as const,
};

function qs(query: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (typeof v === 'string' || typeof v === 'number') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const usePublicPlans = (enabled = true) =>
  useQuery({
    queryKey: billingKeys.publicPlans,
    queryFn: async () => (await api.get<{ data: PlanResource[] }>('/api/subscriptions/plans')).data,
    enabled,
  });

export const useAdminPlans = () =>
  useQuery({
    queryKey: billingKeys.adminPlans,
    queryFn: async () => (await api.get<{ data: PlanResource[] }>('/api/subscriptions/admin/plans?per_page=100')).data,
  });

export const useAdminPlan = (id: string) =>
  useQuery({
    queryKey: billingKeys.plan(id),
    queryFn: async () => (await api.get<{ data: PlanResource }>(`/api/subscriptions/admin/plans/${id}`)).data,
    retry: false,
  });

export const usePlanSubscribers = (id: string) =>
  useQuery({
    queryKey: billingKeys.subscribers(id),
    queryFn: () => api.get<SubscriptionsResponse>(`/api/subscriptions/admin/plans/${id}/subscribers?per_page=100`),
  });

export function useCreatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreatePlanRequest) =>
      (await api.post<{ data: PlanResource }>('/api/subscriptions/admin/plans', body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['billing', 'plans'] }),
  });
}

export function useUpdatePlan(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdatePlanRequest) =>
      (await request<{ data: PlanResource }>('PATCH', `/api/subscriptions/admin/plans/${id}`, { body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['billing', 'plans'] }),
  });
}

export function useDeletePlan(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ outcome: 'deleted' | 'archived' }>(`/api/subscriptions/admin/plans/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['billing', 'plans'] }),
  });
}

export const useAdminSubscriptions = (q: SubscriptionsQuery) =>
  useQuery({
    queryKey: billingKeys.subscriptions(q),
    queryFn: () => api.get<SubscriptionsResponse>(`/api/subscriptions/admin${qs(q)}`),
    placeholderData: keepPreviousData,
  });

export const useAdminTransactions = (q: TransactionsQuery) =>
  useQuery({
    queryKey: billingKeys.transactions(q),
    queryFn: () => api.get<TransactionsResponse>(`/api/subscriptions/admin/transactions${qs(q)}`),
    placeholderData: keepPreviousData,
  });

export const useUserTransactions = (id: string) =>
  useQuery({
    queryKey: billingKeys.userTransactions(id),
    queryFn: () => api.get<TransactionsResponse>(`/api/subscriptions/admin/users/${id}/transactions`),
  });

/** A user's subscription; null when they have none (the server answers 200 with null, issue 41). */
export const useUserSubscription = (id: string) =>
  useQuery({
    queryKey: billingKeys.userSubscription(id),
    queryFn: async () =>
      (await api.get<SubscriptionDetailResponse>(`/api/subscriptions/admin/users/${id}/subscription`)).data,
  });

export function useCreditUser(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (amount: number) =>
      (await api.post<{ data: TransactionResource }>(`/api/subscriptions/admin/users/${id}/credit`, { amount })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['billing'] }),
  });
}

/** The caller's subscription in force; null when none (the server answers 200 with null, issue 41). */
export const useMySubscription = () =>
  useQuery({
    queryKey: billingKeys.mine,
    queryFn: async () => (await api.get<SubscriptionDetailResponse>('/api/subscriptions/detail')).data,
  });

export const useMyTransactions = (page: number) =>
  useQuery({
    queryKey: billingKeys.myTransactions(page),
    queryFn: () => api.get<TransactionsResponse>(`/api/user/transactions?page=${page}`),
    placeholderData: keepPreviousData,
  });

/** The caller's cards at Stripe (the page asks only while Stripe is ready to take them). */
export const useMyCards = () =>
  useQuery({
    queryKey: billingKeys.cards,
    queryFn: async () => (await api.get<{ data: CreditCardResource[] }>('/api/stripe/credit-cards')).data,
    retry: false,
  });

export function useDeleteCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/stripe/credit-cards/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.cards }),
  });
}

export function useSubscriptionActions() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: ['billing'] });
  return {
    cancel: useMutation({ mutationFn: () => api.post('/api/subscriptions/cancel'), onSuccess: done }),
    swap: useMutation({
      mutationFn: (planId: string) =>
        api.post<{ data: SubscriptionResource; url: string | null }>(`/api/subscriptions/swap/${planId}`),
      onSuccess: done,
    }),
    checkout: useMutation({
      mutationFn: (body: { plan_id: string; driver: 'stripe' | 'paypal' | 'paystack' }) =>
        api.post<{ url: string }>('/api/subscriptions/checkout', body),
    }),
    setupCard: useMutation({ mutationFn: () => api.post<{ url: string }>('/api/stripe/cards/setup') }),
  };
}
