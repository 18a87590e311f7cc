import { randomInt } from 'node:crypto';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
let sequence = randomInt(0, 1000);

/**
 * A valid mainland resident ID number (GB 11643's check character), a different one at each call: specs on one
 * server in several workers each submit their own, and the server refuses a number another account verified.
 */
export function residentId(): string {
  const day = String(randomInt(1, 29)).padStart(2, '0');
  const first17 = `310115198804${day}${String(sequence++ % 1000).padStart(3, '0')}`;
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * WEIGHTS[i]!, 0);
  return first17 + '10X98765432'[sum % 11]!;
}
