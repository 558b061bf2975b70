import {
  checkAccountResponse,
  messageResponse,
  registerResponse,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '@filestore/contract';
import { api } from '../../lib/api';

export const checkAccount = (email: string) =>
  api.post('/api/user/check', { email }, { schema: checkAccountResponse, ignoreUnauthorised: true });

export const login = (body: LoginRequest) => api.post('/api/login', body, { ignoreUnauthorised: true });

export const register = (body: RegisterRequest) =>
  api.post('/api/register', body, { schema: registerResponse, ignoreUnauthorised: true });

export const logout = () => api.post('/api/logout', undefined, { ignoreUnauthorised: true });

export const recoverPassword = (email: string) =>
  api.post('/api/password/recover', { email }, { schema: messageResponse, ignoreUnauthorised: true });

export const resetPassword = (body: ResetPasswordRequest) =>
  api.post('/api/password/reset', body, { ignoreUnauthorised: true });

export const resendVerification = (email: string) =>
  api.post('/api/user/verify', { email }, { ignoreUnauthorised: true });
