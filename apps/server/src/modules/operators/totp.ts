import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 codes as every authenticator app reads them: SHA-1, six digits, thirty seconds. */
export const newTotpSecret = () => generateSecret();

export const totpUri = (operatorName: string, secret: string) =>
  generateURI({ issuer: 'Contract Trader console', label: operatorName, secret });

/**
 * The time step a code matches, or null. One step either side is allowed for a phone's clock drift; a step at
 * or before `afterStep` (the last code accepted) is refused, so a code seen over a shoulder cannot be replayed.
 */
export async function matchTotp(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
