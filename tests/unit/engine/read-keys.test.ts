import { screenReadsKey, screenReadsUrls } from '../../../engine/app/read-keys.ts';

describe('read cache keys', () => {
  it("a screen's reads key names its URLs in order, and never equals a single read's bare URL", () => {
    const key = screenReadsKey(['/api/v2/applications/a', '/api/v2/accounts']);
    expect(screenReadsUrls(key)).toEqual(['/api/v2/applications/a', '/api/v2/accounts']);
    expect(screenReadsKey(['/api/v2/accounts'])).not.toBe('/api/v2/accounts');
    expect(screenReadsUrls(screenReadsKey(['/api/v2/accounts']))).toEqual(['/api/v2/accounts']);
  });

  it('a bare URL (the header, the service lookup) is not a screen-reads key', () => {
    expect(screenReadsUrls('/api/v2/accounts')).toBeUndefined();
    expect(screenReadsUrls('/api/v2/applications/a|/api/v2/accounts')).toBeUndefined();
  });
});
