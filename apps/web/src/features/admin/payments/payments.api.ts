import type { AdminPaymentsResponse, PaymentKeysRequest, PaymentProviderState } from '@filestore/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api';
import { configQueryKey } from '../../../lib/config';

const paymentsKey = ['admin', 'payments'] as const;

/** Each payment provider's state and keys (secrets only as set or not). */
export function useAdminPayments() {
  return useQuery({
    queryKey: paymentsKey,
    queryFn: async () => (await api.get<AdminPaymentsResponse>('/api/admin/payments')).data,
  });
}

/** Tests the keys with the provider, then stores them (refused keys are not stored). */
export function useSavePaymentKeys() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ driver, body }: { driver: PaymentProviderState['driver']; body: PaymentKeysRequest }) =>
      request<AdminPaymentsResponse>('PUT', `/api/admin/payments/${driver}`, { body }),
    onSuccess: async (answer) => {
      client.setQueryData(paymentsKey, answer.data);
      await client.invalidateQueries({ queryKey: configQueryKey });
    },
  });
}
