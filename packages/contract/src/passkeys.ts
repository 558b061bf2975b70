import { z } from 'zod';
import { confirmPasswordRequest } from './account-security.js';
import { CONTROL_CHARACTERS } from './common.js';

/**
 * Passkeys (WebAuthn, issue 15 point 4, ADR 0034): registered, renamed and removed on the password
 * page; used to sign in without the email and password, or as the second factor after the password.
 * The ceremonies' options and the browser's credentials are the JSON shapes of WebAuthn Level 3
 * (`PublicKeyCredentialCreationOptionsJSON`, `RegistrationResponseJSON`, …) that
 * `@simplewebauthn/browser` produces; they are checked here only for their outline and size, and
 * verified by the server.
 */

export const PASSKEY_NAME_MAX = 60;
/** Passkeys one account may hold. */
export const PASSKEYS_PER_USER_MAX = 20;

export const passkeyName = z
  .string()
  .trim()
  .min(1, { message: 'Give the passkey a name.' })
  .max(PASSKEY_NAME_MAX, { message: `The name can be at most ${PASSKEY_NAME_MAX} characters.` })
  .refine((v) => !CONTROL_CHARACTERS.test(v), { message: 'A name cannot contain control characters.' });

/** A passkey as its owner sees it: never the public key, the credential id or the counter. */
export const passkeyResource = z.object({
  id: z.string(),
  type: z.literal('passkey'),
  attributes: z.object({
    name: z.string(),
    /** Synced by its provider (iCloud Keychain, Google Password Manager, a password manager). */
    synced: z.boolean(),
    created_at: z.string(),
    /** Null until it first signs in. */
    last_used_at: z.string().nullable(),
  }),
});
export type PasskeyResource = z.infer<typeof passkeyResource>;

export const passkeyList = z.object({ data: z.array(passkeyResource) });
export type PasskeyList = z.infer<typeof passkeyList>;

export const passkeyAnswer = z.object({ data: passkeyResource });
export type PasskeyAnswer = z.infer<typeof passkeyAnswer>;

/** `POST /api/user/passkeys/options` {password}: the password again before a new way in is added. */
export const passkeyRegistrationOptionsRequest = confirmPasswordRequest;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/);

/** What `navigator.credentials.create()` / `.get()` take, as JSON (kept whole: the browser reads every field). */
export const webAuthnOptions = z.looseObject({ challenge: z.string() });
export const passkeyOptionsResponse = z.object({ options: webAuthnOptions });
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponse>;

/** `RegistrationResponseJSON`: the new credential from `navigator.credentials.create()`. */
export const passkeyRegistrationCredential = z.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(10_000),
    attestationObject: base64url(100_000),
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.string().max(40).optional(),
});

/** `AuthenticationResponseJSON`: an assertion from `navigator.credentials.get()`. */
export const passkeyAssertion = z.looseObject({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url(10_000),
    authenticatorData: base64url(10_000),
    signature: base64url(2_000),
    userHandle: base64url(200).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.string().max(40).optional(),
});

/** `POST /api/user/passkeys`: the credential made with the options, and a name (else one is made up). */
export const registerPasskeyRequest = z.object({
  name: passkeyName.optional(),
  credential: passkeyRegistrationCredential,
});
export type RegisterPasskeyRequest = z.input<typeof registerPasskeyRequest>;

/** `PATCH /api/user/passkeys/{id}`. */
export const renamePasskeyRequest = z.object({ name: passkeyName });
export type RenamePasskeyRequest = z.input<typeof renamePasskeyRequest>;

/** A malformed id is the same 404 as another user's passkey, so the params take any short string. */
export const passkeyIdParams = z.object({ id: z.string().max(100) });

/**
 * `POST /api/passkeys/sign-in` (instead of the email and password) and
 * `POST /api/two-factor-challenge/passkey` (the second step after the password): an assertion over
 * the challenge the matching `…/options` call gave this browser.
 */
export const passkeyAssertionRequest = z.object({ credential: passkeyAssertion });
export type PasskeyAssertionRequest = z.input<typeof passkeyAssertionRequest>;
