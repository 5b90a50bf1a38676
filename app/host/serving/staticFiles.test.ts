import { describe, expect, it } from 'vitest';
import { resolveStaticPath } from './staticFiles';

describe('resolveStaticPath', () => {
  it('maps paths under the root', () => {
    expect(resolveStaticPath('/srv/app', '/assets/a.js')).toBe('/srv/app/assets/a.js');
  });
  it('refuses anything that leaves the root', () => {
    expect(resolveStaticPath('/srv/app', '/../secret')).toBeUndefined();
    expect(resolveStaticPath('/srv/app', '/..%2f..%2fetc%2fpasswd')).toBeUndefined();
    expect(resolveStaticPath('/srv/app', '/../app2/x')).toBeUndefined();
    expect(resolveStaticPath('/srv/app', '/a%00.js')).toBeUndefined();
    expect(resolveStaticPath('/srv/app', '/%E0%A4%A')).toBeUndefined();
  });
});
