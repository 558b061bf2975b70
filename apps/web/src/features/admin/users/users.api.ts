import { z } from 'zod';
import type {
  AdminAuditResponse,
  AdminCreateUserRequest,
  AdminUserDeletionResponse,
  AdminUserResponse,
  AdminUsersQuery,
  AdminUsersResponse,
  AdminUserStorageResponse,
} from '@filestore/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api';

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (query: AdminUsersQuery) => ['admin', 'users', 'list', query] as const,
  one: (id: string) => ['admin', 'users', id] as const,
  storage: (id: string) => ['admin', 'users', id, 'storage'] as const,
  deletion: (id: string) => ['admin', 'users', id, 'deletion'] as const,
  audit: (user?: string) => ['admin', 'audit', user ?? 'all'] as const,
};

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (typeof v === 'string' || typeof v === 'number') {
      if (v !== '') params.set(k, String(v));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    queryKey: adminUserKeys.list(query),
    queryFn: () => api.get<AdminUsersResponse>(`/api/admin/users${queryString({ ...query })}`),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: adminUserKeys.one(id),
    queryFn: async () => (await api.get<AdminUserResponse>(`/api/admin/users/${id}`)).data,
    retry: false,
  });
}

export function useAdminUserStorage(id: string) {
  return useQuery({
    queryKey: adminUserKeys.storage(id),
    queryFn: async () => (await api.get<AdminUserStorageResponse>(`/api/admin/users/${id}/storage`)).data,
  });
}

/** The deletion's progress, asked again every second while it runs. */
export function useUserDeletion(id: string, enabled: boolean) {
  return useQuery({
    queryKey: adminUserKeys.deletion(id),
    queryFn: async () => (await api.get<AdminUserDeletionResponse>(`/api/admin/users/${id}/deletion`)).data,
    enabled,
    refetchInterval: (q) => (q.state.data?.status === 'done' ? false : 1000),
  });
}

export function useAudit(user?: string, perPage = 10) {
  return useQuery({
    queryKey: [...adminUserKeys.audit(user), perPage],
    queryFn: () => api.get<AdminAuditResponse>(`/api/admin/audit${queryString({ user, per_page: perPage })}`),
  });
}

/** A change to one user: the answer is the user's new state; the lists and the log follow. */
function useUserChange<V>(id: string, call: (vars: V) => Promise<AdminUserResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      client.setQueryData(adminUserKeys.one(id), answer.data);
      void client.invalidateQueries({ queryKey: adminUserKeys.all });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

export const useChangeRole = (id: string) =>
  useUserChange(id, (role: 'admin' | 'user') =>
    request<AdminUserResponse>('PATCH', `/api/admin/users/${id}/role`, { body: { role } }),
  );

export const useChangeCapacity = (id: string) =>
  useUserChange(id, (amount: number | null) =>
    request<AdminUserResponse>('PATCH', `/api/admin/users/${id}/capacity`, { body: { max_storage_amount: amount } }),
  );

export const useSuspend = (id: string) =>
  useUserChange(id, (suspend: boolean) =>
    api.post<AdminUserResponse>(`/api/admin/users/${id}/${suspend ? 'suspend' : 'unsuspend'}`),
  );

export function useSendResetLink(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/api/admin/users/${id}/reset-password`),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'audit'] }),
  });
}

export function useDeleteUser(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.delete<AdminUserDeletionResponse>(`/api/admin/users/${id}`, { email }),
    onSuccess: (answer) => {
      client.setQueryData(adminUserKeys.deletion(id), answer.data);
      void client.invalidateQueries({ queryKey: adminUserKeys.all });
    },
  });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCreateUserRequest) => api.post<AdminUserResponse>('/api/admin/users', body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminUserKeys.all });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/** A capacity typed in gigabytes: empty is the server's default (null), else more than nothing. */
export const capacityField = z
  .string()
  .trim()
  .refine((value) => value === '' || Number(value) > 0, { message: 'admin.user.capacity_invalid' })
  .transform((value) => (value === '' ? null : Number(value)));
