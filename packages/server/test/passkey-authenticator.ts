// A software passkey for the server's tests: what a browser and its authenticator send for a registration ("none"
// attestation, an ES256 key) and a sign-in (a signature over the authenticator data and the client data's hash),
// built per the WebAuthn spec with Node's crypto. The browsers' side is tested with Chromium's virtual
// authenticator (e2e/tests/players.e2e.ts).
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export class SoftPasskey {
  readonly id = randomBytes(16);
  private readonly key: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;
  userHandle: string | null = null;

  constructor(
    readonly rpId = 'localhost',
    readonly origin = 'http://localhost',
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get credentialId(): string {
    return b64url(this.id);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authData(attested: boolean, rpId: string): Buffer {
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0); // user present, user verified, attested credential data
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const head = Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
    if (!attested) return head;
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const len = Buffer.alloc(2);
    len.writeUInt16BE(this.id.length);
    return Buffer.concat([head, Buffer.alloc(16), len, this.id, isoCBOR.encode(cose)]);
  }

  /** navigator.credentials.create's answer to registration options, as @simplewebauthn/browser sends it. */
  register(options: Options, o: { origin?: string; rpId?: string } = {}) {
    this.userHandle = options.user?.id ?? null;
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, o.origin ?? this.origin);
    const authData = this.authData(true, o.rpId ?? this.rpId);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    });
  }

  /** The PublicKeyCredential as JSON around an authenticator's response. */
  private credential<R>(response: R) {
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response,
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get's answer to sign-in options (the counter moves on, as an authenticator's does). */
  signIn(options: Options, o: { origin?: string; rpId?: string; counter?: number } = {}) {
    this.counter = o.counter ?? this.counter + 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, o.origin ?? this.origin);
    const authenticatorData = this.authData(false, o.rpId ?? this.rpId);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.key);
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
      ...(this.userHandle ? { userHandle: this.userHandle } : {}),
    });
  }
}
