import type { z } from 'zod';
import {
  type CheckAccountResponse,
  type MessageResponse,
  type registerResponse,
  type LoginRequest,
  type LoginResponse,
  type TwoFactorChallengeRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '@filestore/contract';
import { api } from '../../lib/api';

export const checkAccount = (email: string) =>
  api.post<CheckAccountResponse>('/api/user/check', { email }, { ignoreUnauthorised: true });

/** Signs in, or answers `{two_factor: true}` when the account asks for a code next (no session yet). */
export const login = (body: LoginRequest) => api.post<LoginResponse>('/api/login', body, { ignoreUnauthorised: true });

export const twoFactorChallenge = (body: TwoFactorChallengeRequest) =>
  api.post<MessageResponse>('/api/two-factor-challenge', body, { ignoreUnauthorised: true });

export const register = (body: RegisterRequest) =>
  api.post<z.infer<typeof registerResponse>>('/api/register', body, { ignoreUnauthorised: true });

export const logout = () => api.post('/api/logout', undefined, { ignoreUnauthorised: true });

export const recoverPassword = (email: string, reCaptcha?: string) =>
  api.post<MessageResponse>('/api/password/recover', { email, reCaptcha }, { ignoreUnauthorised: true });

export const resetPassword = (body: ResetPasswordRequest) =>
  api.post('/api/password/reset', body, { ignoreUnauthorised: true });

export const resendVerification = (email: string) =>
  api.post('/api/user/verify', { email }, { ignoreUnauthorised: true });
