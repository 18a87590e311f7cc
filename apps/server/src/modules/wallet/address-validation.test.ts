import { describe, expect, it } from 'vitest';
import {
  checkAddress,
  isBitcoinAddress,
  isEvmAddress,
  isTronAddress,
  toChecksumAddress,
} from './address-validation.ts';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_LEGACY = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const BTC_P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const BTC_BECH32 = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const BTC_TAPROOT = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';

describe('wallet address checks', () => {
  it('accepts real addresses of each network', () => {
    expect(isTronAddress(TRON)).toBe(true);
    expect(isEvmAddress(ETH)).toBe(true);
    expect(isEvmAddress(ETH.toLowerCase())).toBe(true);
    for (const a of [BTC_LEGACY, BTC_P2SH, BTC_BECH32, BTC_TAPROOT]) expect(isBitcoinAddress(a)).toBe(true);
    expect(checkAddress('TRC20', TRON)).toEqual({ ok: true });
    expect(checkAddress('ERC20', ETH)).toEqual({ ok: true });
    expect(checkAddress('BEP20', ETH)).toEqual({ ok: true });
    expect(checkAddress('BTC', BTC_TAPROOT)).toEqual({ ok: true });
  });

  it('refuses broken checksums', () => {
    expect(isTronAddress(TRON.slice(0, -1) + 'u')).toBe(false);
    expect(isEvmAddress(ETH.replace('E7', 'e7'))).toBe(false);
    expect(toChecksumAddress(ETH.toLowerCase())).toBe(ETH);
    expect(isBitcoinAddress(BTC_BECH32.slice(0, -1) + 'p')).toBe(false);
    // A taproot program encoded with bech32 (not bech32m) is invalid (BIP-350).
    expect(isBitcoinAddress('bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx')).toBe(false);
  });

  it('explains an address given for the wrong network', () => {
    expect(checkAddress('TRC20', ETH)).toEqual({ ok: false, detected: 'ERC20 / BEP20' });
    expect(checkAddress('ERC20', TRON)).toEqual({ ok: false, detected: 'TRC20' });
    expect(checkAddress('BTC', ETH)).toEqual({ ok: false, detected: 'ERC20 / BEP20' });
  });

  it('never accepts anything for an unknown chain name', () => {
    for (const network of ['TRON', 'trc20', 'ETH', 'foo', '']) expect(checkAddress(network, ETH).ok).toBe(false);
  });
});
