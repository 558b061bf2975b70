import {
  type SetupState,
  type StatusCheck,
  type AdminSetupRequest,
  type AppSetupRequest,
  type DatabaseSetupRequest,
  type EnvironmentSetupRequest,
} from '@filestore/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export function useStatusCheck() {
  return useQuery({
    queryKey: ['setup', 'status'],
    queryFn: () => api.get<StatusCheck>('/api/setup/status'),
    retry: false,
  });
}

export function useSetupState() {
  return useQuery({
    queryKey: ['setup', 'state'],
    queryFn: () => api.get<SetupState>('/api/setup/state'),
    retry: false,
  });
}

export const saveDatabase = (body: DatabaseSetupRequest) => api.post('/api/setup/database', body);
export const saveEnvironment = (body: EnvironmentSetupRequest) => api.post('/api/setup/environment-setup', body);
export const saveAppSetup = (body: AppSetupRequest) => api.post('/api/setup/app-setup', body);
export const createAdmin = (body: AdminSetupRequest) =>
  api.post('/api/setup/admin-setup', body, { ignoreUnauthorised: true });

export const wizardSteps = [
  { path: '/setup-wizard/status-check', key: 'setup.steps.status' },
  { path: '/setup-wizard/database', key: 'setup.steps.database' },
  { path: '/setup-wizard/environment', key: 'setup.steps.environment' },
  { path: '/setup-wizard/app-setup', key: 'setup.steps.app' },
  { path: '/setup-wizard/admin-setup', key: 'setup.steps.admin' },
] as const;
