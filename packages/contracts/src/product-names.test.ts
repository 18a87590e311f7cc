import { describe, expect, it } from 'vitest';
import { productNameIn } from './product-names.ts';

describe('product names in the reader language', () => {
  it('translates a seeded name where it is a word, and keeps a name an operator changed', () => {
    expect(productNameIn('zh', 'BTC/USDT', 'Bitcoin')).toBe('比特币');
    expect(productNameIn('de', 'XAU/USD', 'Gold')).toBe('Gold');
    expect(productNameIn('th', 'XAU/USD', 'Gold')).toBe('ทองคำ');
    expect(productNameIn('de', 'BTC/USDT', 'Bitcoin')).toBe('Bitcoin');
    expect(productNameIn('en', 'EUR/USD', 'Euro / US Dollar')).toBe('Euro / US Dollar');
    expect(productNameIn('zh', 'BTC/USDT', 'Bitcoin spot')).toBe('Bitcoin spot');
    expect(productNameIn('zh', 'NEW/USDT', 'Newcoin')).toBe('Newcoin');
  });
});
