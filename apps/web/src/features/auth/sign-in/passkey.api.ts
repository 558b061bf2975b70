import type { MessageResponse, PasskeyOptionsResponse } from '@filestore/contract';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { configQueryKey } from '../../../lib/config';
import { useSession } from '../../../lib/session';

/** Signing in with a passkey (ADR 0034): instead of the email and password, or as the second factor. */

const quiet = { ignoreUnauthorised: true };

/**
 * Whether this page can use passkeys at all: the browser has WebAuthn, and the app is opened at a
 * name, since WebAuthn refuses an IP address as the site's identity (the server says the same).
 */
export function passkeysPossible(): boolean {
  const host = window.location.hostname;
  const ip = /^\d+(\.\d+){3}$/.test(host) || host.includes(':') || host.startsWith('[');
  return !ip && browserSupportsWebAuthn();
}

const asOptions = (r: PasskeyOptionsResponse) => r.options as unknown as PublicKeyCredentialRequestOptionsJSON;

/** The options for the sign-in page (their challenge is bound to this browser by a cookie). */
export const passkeySignInOptions = async () =>
  asOptions(await api.post<PasskeyOptionsResponse>('/api/passkeys/sign-in/options', undefined, quiet));

export const passkeySignIn = (credential: AuthenticationResponseJSON) =>
  api.post<MessageResponse>('/api/passkeys/sign-in', { credential }, quiet);

/** The second step of a two-factor sign-in, with a passkey instead of a code. */
export async function passkeySecondFactor() {
  const options = asOptions(
    await api.post<PasskeyOptionsResponse>('/api/two-factor-challenge/passkey/options', undefined, quiet),
  );
  const credential = await startAuthentication({ optionsJSON: options });
  return api.post<MessageResponse>('/api/two-factor-challenge/passkey', { credential }, quiet);
}

/** What a finished sign-in does, as after the password: the guest guard then leaves the page. */
export function useSignedIn() {
  const client = useQueryClient();
  const setAuthenticated = useSession((s) => s.setAuthenticated);
  return () => {
    client.removeQueries({ queryKey: ['user'] });
    void client.invalidateQueries({ queryKey: configQueryKey });
    setAuthenticated(true);
  };
}
