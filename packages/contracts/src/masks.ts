/**
 * The spec's mask for a number an operator or a user is shown without needing it whole (a card number, a wallet
 * address, a phone number in a list): 3 leading and 3 trailing characters, the middle hidden (at most 8 stars).
 * Values of 6 characters or fewer keep only their first and last.
 */
export function maskMiddle(value: string): string {
  if (value.length <= 6)
    return value.length <= 2 ? '*'.repeat(value.length) : value[0] + '*'.repeat(value.length - 2) + value.at(-1);
  return `${value.slice(0, 3)}${'*'.repeat(Math.min(value.length - 6, 8))}${value.slice(-3)}`;
}
