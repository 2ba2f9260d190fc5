/**
 * The return path after sign-on must stay on this origin: a path starting with a single '/', with no
 * backslash or control character (browsers read `/\evil.com` and `//evil.com` as other hosts).
 * Anything else becomes '/'.
 */
export function safeReturnPath(path: unknown): string {
  if (typeof path !== 'string' || path.length === 0 || path.length > 2048) return '/';
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return '/';
  if ([...path].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return '/';
  try {
    const base = new URL('http://sandbox.invalid');
    if (new URL(path, base).host !== base.host) return '/';
  } catch {
    return '/';
  }
  return path;
}
