import type {
  EnableTwoFactorResponse,
  MessageResponse,
  RecoveryCodesResponse,
  RecoveryCodesStatusResponse,
  SessionsEndedResponse,
  UserSessionsResponse,
} from '@filestore/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The password page's calls: two-factor settings (ADR 0031) and the user's sessions. */

export const sessionsQueryKey = ['user', 'sessions'] as const;
export const recoveryCodesQueryKey = ['user', 'recovery-codes'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async () => (await api.get<UserSessionsResponse>('/api/user/sessions')).data,
  });
}

export function useRecoveryCodesLeft(enabled: boolean) {
  return useQuery({
    queryKey: recoveryCodesQueryKey,
    queryFn: async () => (await api.get<RecoveryCodesStatusResponse>('/api/user/two-factor-recovery-codes')).remaining,
    enabled,
  });
}

export const endSession = (id: string) =>
  api.delete<SessionsEndedResponse>(`/api/user/sessions/${encodeURIComponent(id)}`);

export const endOtherSessions = () => api.delete<SessionsEndedResponse>('/api/user/sessions');

export const enableTwoFactor = (password: string) =>
  api.post<EnableTwoFactorResponse>('/api/user/two-factor-authentication', { password });

export const confirmTwoFactor = (code: string) =>
  api.post<RecoveryCodesResponse>('/api/user/confirmed-two-factor-authentication', { code });

export const regenerateRecoveryCodes = (password: string) =>
  api.post<RecoveryCodesResponse>('/api/user/two-factor-recovery-codes', { password });

export const disableTwoFactor = (password: string) =>
  api.delete<MessageResponse>('/api/user/two-factor-authentication', { password });
