import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for tests (ADR 0034): a P-256 key made with node:crypto, a
 * discoverable credential with 'none' attestation, and assertions signed the way a platform
 * authenticator signs them (ES256 over authenticatorData ‖ SHA-256(clientDataJSON)). The CBOR is
 * @simplewebauthn's own encoder. Everything a test may want to get wrong is a parameter.
 */

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface AssertionTweaks {
  challenge?: string;
  origin?: string;
  counter?: number;
  userVerified?: boolean;
  userHandle?: string | null;
  type?: string;
}

export class SoftAuthenticator {
  readonly credentialId = new Uint8Array(randomBytes(32));
  counter = 0;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** base64url of the user handle given at registration (a discoverable credential keeps it). */
  userHandle: string | null = null;

  constructor(
    readonly origin: string,
    readonly rpId: string,
    private readonly options: { synced?: boolean } = {},
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return isoBase64URL.fromBuffer(this.credentialId);
  }

  /** The COSE_Key of the public key: kty EC2, alg ES256, crv P-256, x, y. */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested: boolean): Uint8Array<ArrayBuffer> {
    const parts: Uint8Array[] = [sha256(rpId), new Uint8Array([flags])];
    const count = new Uint8Array(4);
    new DataView(count.buffer).setUint32(0, counter);
    parts.push(count);
    if (attested) {
      const length = new Uint8Array(2);
      new DataView(length.buffer).setUint16(0, this.credentialId.length);
      parts.push(new Uint8Array(16), length, this.credentialId, this.coseKey());
    }
    return Uint8Array.from(Buffer.concat(parts));
  }

  private get backupFlags() {
    return this.options.synced ? FLAG_BE | FLAG_BS : 0;
  }

  /** `navigator.credentials.create()`: a RegistrationResponseJSON for these options. */
  create(options: CreationOptions, tweaks: { origin?: string; challenge?: string; userVerified?: boolean } = {}) {
    this.userHandle = options.user.id;
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: tweaks.challenge ?? options.challenge,
      origin: tweaks.origin ?? this.origin,
      crossOrigin: false,
    });
    const flags = FLAG_UP | (tweaks.userVerified === false ? 0 : FLAG_UV) | FLAG_AT | this.backupFlags;
    const authData = this.authenticatorData(options.rp.id ?? this.rpId, flags, this.counter, true);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: isoBase64URL.fromUTF8String(clientData),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** `navigator.credentials.get()`: an AuthenticationResponseJSON; the counter goes up by one unless told. */
  get(options: RequestOptions, tweaks: AssertionTweaks = {}) {
    const counter = tweaks.counter ?? ++this.counter;
    const clientData = JSON.stringify({
      type: tweaks.type ?? 'webauthn.get',
      challenge: tweaks.challenge ?? options.challenge,
      origin: tweaks.origin ?? this.origin,
      crossOrigin: false,
    });
    const flags = FLAG_UP | (tweaks.userVerified === false ? 0 : FLAG_UV) | this.backupFlags;
    const authData = this.authenticatorData(options.rpId ?? this.rpId, flags, counter, false);
    const signature = sign(
      'sha256',
      Buffer.concat([Buffer.from(authData), Buffer.from(sha256(clientData))]),
      this.privateKey,
    );
    const userHandle = tweaks.userHandle === undefined ? this.userHandle : tweaks.userHandle;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: isoBase64URL.fromUTF8String(clientData),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        ...(userHandle ? { userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}

/** A random challenge, base64url, as the server would make one. */
export const someChallenge = () => isoBase64URL.fromBuffer(new Uint8Array(randomBytes(32)));
