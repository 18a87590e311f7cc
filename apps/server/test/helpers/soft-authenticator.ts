import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey authenticator for tests: what a phone's platform authenticator does, written from the
 * WebAuthn spec with Node crypto (ES256 keys, 'none' attestation, authenticator data and client data built by
 * hand), so the server's checks meet real signatures rather than a mock of the library it uses.
 */

type Credential = { id: Buffer; privateKey: KeyObject; counter: number; userHandle: string; rpId: string };

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] };

/** Flags of the authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export type Tamper = {
  origin?: string;
  rpId?: string;
  /** Flags to send instead of UP|UV. */
  flags?: number;
  /** The counter to report instead of the next one. */
  counter?: number;
  type?: string;
};

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  constructor(readonly origin: string) {}

  /** navigator.credentials.create(): a new ES256 key pair, its public key in COSE form, attestation 'none'. */
  create(options: CreationOptions, tamper: Tamper = {}) {
    const rpId = tamper.rpId ?? options.rp.id ?? 'localhost';
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const id = randomBytes(16);
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credIdLength = Buffer.alloc(2);
    credIdLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      rpIdHash(rpId),
      Buffer.from([tamper.flags ?? UP | UV | AT]),
      u32(0),
      Buffer.alloc(16), // AAGUID: none
      credIdLength,
      id,
      cose,
    ]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push({ id, privateKey, counter: 0, userHandle: options.user.id, rpId });
    return {
      id: id.toString('base64url'),
      rawId: id.toString('base64url'),
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData(tamper.type ?? 'webauthn.create', options.challenge, tamper),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): signs authenticator data and the client data's hash with a credential's key. */
  get(options: RequestOptions, tamper: Tamper & { credential?: Credential } = {}) {
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential =
      tamper.credential ??
      this.credentials.find((c) => !allowed?.length || allowed.includes(c.id.toString('base64url')));
    if (!credential) throw new Error('no credential for these options');
    credential.counter += 1;
    const authData = Buffer.concat([
      rpIdHash(tamper.rpId ?? options.rpId ?? credential.rpId),
      Buffer.from([tamper.flags ?? UP | UV]),
      u32(tamper.counter ?? credential.counter),
    ]);
    const clientDataJSON = this.clientData(tamper.type ?? 'webauthn.get', options.challenge, tamper);
    const signed = Buffer.concat([
      authData,
      createHash('sha256').update(Buffer.from(clientDataJSON, 'base64url')).digest(),
    ]);
    return {
      id: credential.id.toString('base64url'),
      rawId: credential.id.toString('base64url'),
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: authData.toString('base64url'),
        // ECDSA over P-256 with SHA-256, DER-encoded as WebAuthn's ES256 signatures are.
        signature: sign('sha256', signed, credential.privateKey).toString('base64url'),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private clientData(type: string, challenge: string, tamper: Tamper) {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: tamper.origin ?? this.origin, crossOrigin: false }),
    ).toString('base64url');
  }
}

const rpIdHash = (rpId: string) => createHash('sha256').update(rpId).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** The little of CBOR (RFC 8949) WebAuthn needs: integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}
