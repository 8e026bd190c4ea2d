/**
 * Whether a query failed with a given SQLSTATE, on PostgreSQL and PGlite alike; Drizzle wraps the driver's
 * error in `cause`.
 */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === code) return true;
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return false;
}

/**
 * A unique constraint refused the write (23505): lets an operation answer 409 where a racing writer took
 * the value between its check and its write.
 */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/** A foreign key refused the write (23503): the row it points at is gone (deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasSqlState(error, '23503');
}
