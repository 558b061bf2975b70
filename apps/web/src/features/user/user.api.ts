import {
  type MessageResponse,
  type UserResource,
  type ChangePasswordRequest,
  type UserSettingUpdate,
} from '@filestore/contract';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../lib/api';
import { setDisplayTimezone } from '../../lib/dates';
import { primeRealtimeCursor } from '../../lib/realtime';
import { useSession } from '../../lib/session';

export const userQueryKey = ['user'] as const;
export type User = UserResource['data'];

export function useUser() {
  const authenticated = useSession((s) => s.authenticated);
  return useQuery({
    queryKey: userQueryKey,
    queryFn: async () => {
      const user = (await api.get<UserResource>('/api/user')).data;
      setDisplayTimezone(user.relationships.settings.data.attributes.timezone);
      // Read defensively: a record without `meta` (an older server, a test's stand-in) still loads.
      primeRealtimeCursor((user as Partial<User>).meta?.realtime_cursor);
      return user;
    },
    enabled: authenticated,
    staleTime: 60_000,
  });
}

const SETTINGS_DEBOUNCE_MS = 150;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function patchCachedSetting(client: QueryClient, update: UserSettingUpdate) {
  if (update.name === 'timezone') setDisplayTimezone(update.value);
  client.setQueryData<User>(userQueryKey, (user) => {
    if (!user) return user;
    const settings = user.relationships.settings.data;
    return {
      ...user,
      relationships: {
        ...user.relationships,
        settings: {
          data: {
            ...settings,
            attributes: { ...settings.attributes, [update.name]: update.value === '' ? null : update.value },
          },
        },
      },
    };
  });
}

export interface SettingSaveOptions {
  /** Send even an empty value (clearing an optional field). */
  force?: boolean;
  /** The server stored this value (not called when a newer value of the same name replaced it). */
  onSaved?: () => void;
  /** This save failed; replaces the hook's own error handler for the call. */
  onError?: (error: unknown) => void;
}

/**
 * Saves one preference (spec §7 settings call with the patch override), debounced by 150 ms
 * per setting name (spec §9). Blank text values are skipped (spec §5) unless forced.
 */
export function useUpdateSetting(onError?: (error: unknown) => void) {
  const client = useQueryClient();
  return useCallback(
    (update: UserSettingUpdate, options: SettingSaveOptions = {}) => {
      if (!options.force && typeof update.value === 'string' && update.value.trim() === '') return;
      patchCachedSetting(client, update);
      clearTimeout(timers.get(update.name));
      timers.set(
        update.name,
        setTimeout(() => {
          timers.delete(update.name);
          api.post('/api/user/settings', { ...update, _method: 'patch' }).then(
            () => options.onSaved?.(),
            (error: unknown) => {
              void client.invalidateQueries({ queryKey: userQueryKey });
              (options.onError ?? onError)?.(error);
            },
          );
        }, SETTINGS_DEBOUNCE_MS),
      );
    },
    [client, onError],
  );
}

/** Keeps this session and signs out every other one (server side). */
export function changePassword(body: ChangePasswordRequest) {
  return api.post<MessageResponse>('/api/user/password', body);
}
