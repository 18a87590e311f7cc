/**
 * A PostgreSQL array literal ('{"a","b",NULL}') for one `unnest(...)` parameter: a batch of any size becomes one
 * parameter per column, so a big INSERT costs neither thousands of bind parameters nor the query builder's time
 * to assemble them. Elements are quoted (backslash and double quote escaped); null becomes NULL.
 */
export function pgArray(values: ReadonlyArray<string | number | bigint | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}
