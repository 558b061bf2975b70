import type { AdminDashboardResponse, AdminStatusResponse } from '@filestore/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => api.get<AdminDashboardResponse>('/api/admin/dashboard'),
  });
}

export function useServerStatus() {
  return useQuery({
    queryKey: ['admin', 'status'],
    queryFn: () => api.get<AdminStatusResponse>('/api/admin/status'),
  });
}
