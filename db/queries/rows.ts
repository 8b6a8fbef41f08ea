/** Rows of a raw statement: postgres.js answers an array, PGlite `{rows}`. */
export function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}
