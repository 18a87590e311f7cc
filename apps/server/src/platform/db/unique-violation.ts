/**
 * The unique constraint a failed write broke (SQLSTATE 23505), looked for in the error and the causes it wraps
 * (drizzle puts the driver's error in `cause`): its name, '' when the server named none, null for any other error.
 * A service turns the constraints it expects into its own refusal (a name taken, a second live holding).
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e = error, depth = 0; e !== null && typeof e === 'object' && depth < 6; depth++) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = cause;
  }
  return null;
}
