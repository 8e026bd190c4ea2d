/**
 * Whether a query failed on a unique constraint (SQLSTATE 23505), on PostgreSQL and PGlite alike; Drizzle
 * wraps the driver's error in `cause`. Lets an operation answer 409 where a racing writer took the value
 * between its check and its write.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === '23505') return true;
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return false;
}
