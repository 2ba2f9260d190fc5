// The preview page's own virtual module (scripts/vite/content-plugin.ts).
declare module 'virtual:preview-fixtures' {
  /** Every routing table's fixtures, by table name. */
  const fixtures: Record<string, Array<{ context?: unknown; expect?: unknown }>>;
  export default fixtures;
}
