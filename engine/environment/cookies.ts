/**
 * Cookies (doc1 §3): path / and the parent domain when applicable (the configured cookie host when the page
 * host is inside it).
 */
export function readCookie(cookieText: string, name: string): string | undefined {
  for (const part of cookieText.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export function cookieString(
  name: string,
  value: string,
  host: string,
  cookieHost?: string,
  maxAgeSeconds = 31536000,
): string {
  const domain = cookieHost && host !== cookieHost && host.endsWith(`.${cookieHost}`) ? `; domain=${cookieHost}` : '';
  return `${name}=${encodeURIComponent(value)}; path=/${domain}; max-age=${maxAgeSeconds}; samesite=lax`;
}
