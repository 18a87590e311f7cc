import bs58check from 'bs58check';
import { bech32, bech32m } from 'bech32';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { NETWORKS, type Network } from '@app/contracts';

/**
 * Address checks per network, with maintained libraries for the encodings (bs58check, bech32/bech32m,
 * keccak-256 for EIP-55). The network is always named by the caller from a closed list: an unknown
 * chain name is refused before this code runs, so no address can pass "by default".
 */
export type AddressCheck = { ok: true } | { ok: false; detected: string | null };

type Family = 'TRON' | 'EVM' | 'BTC';
const FAMILY: Record<Network, Family> = { TRC20: 'TRON', ERC20: 'EVM', BEP20: 'EVM', BTC: 'BTC' };
const FAMILY_LABEL: Record<Family, string> = { TRON: 'TRC20', EVM: 'ERC20 / BEP20', BTC: 'BTC' };

function base58Payload(address: string): Uint8Array | null {
  try {
    return bs58check.decode(address);
  } catch {
    return null;
  }
}

/** TRON: base58check of 0x41 followed by the 20-byte account (addresses start with T). */
export function isTronAddress(address: string): boolean {
  const payload = base58Payload(address);
  return payload !== null && payload.length === 21 && payload[0] === 0x41;
}

/** EVM (ERC20, BEP20): 0x + 40 hex digits; a mixed-case address must carry a valid EIP-55 checksum. */
export function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(address) === address;
}

export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i];
  return out;
}

/**
 * Bitcoin mainnet: legacy P2PKH (1...) and P2SH (3...) in base58check; SegWit v0 (bc1q...) in bech32 with a
 * 20- or 32-byte program; Taproot and later versions (bc1p...) in bech32m (BIP-350).
 */
export function isBitcoinAddress(address: string): boolean {
  const payload = base58Payload(address);
  if (payload) return payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
  if (!/^bc1/i.test(address) || (address !== address.toLowerCase() && address !== address.toUpperCase())) return false;
  const lower = address.toLowerCase();
  for (const [codec, wantV0] of [
    [bech32, true],
    [bech32m, false],
  ] as const) {
    let decoded;
    try {
      decoded = codec.decode(lower, 90);
    } catch {
      continue;
    }
    if (decoded.prefix !== 'bc' || decoded.words.length === 0) continue;
    const version = decoded.words[0]!;
    if (version > 16 || (version === 0) !== wantV0) continue;
    let program: number[];
    try {
      program = codec.fromWords(decoded.words.slice(1));
    } catch {
      continue;
    }
    if (version === 0 && (program.length === 20 || program.length === 32)) return true;
    if (version === 1 && program.length === 32) return true;
    if (version > 1 && program.length >= 2 && program.length <= 40) return true;
  }
  return false;
}

const CHECKS: Record<Family, (a: string) => boolean> = {
  TRON: isTronAddress,
  EVM: isEvmAddress,
  BTC: isBitcoinAddress,
};

/** The network family an address belongs to, if any (to explain a mismatch). */
export function detectFamily(address: string): Family | null {
  for (const family of ['TRON', 'EVM', 'BTC'] as const) if (CHECKS[family](address)) return family;
  return null;
}

export function checkAddress(network: string, address: string): AddressCheck {
  if (!(NETWORKS as readonly string[]).includes(network)) return { ok: false, detected: null };
  const family = FAMILY[network as Network];
  if (CHECKS[family](address)) return { ok: true };
  const detected = detectFamily(address);
  return { ok: false, detected: detected ? FAMILY_LABEL[detected] : null };
}
