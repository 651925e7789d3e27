import { describe, expect, it } from 'vitest';
import { trackingPath } from '@/features/public-tracking/tracking-path';

describe('the tracking paths (tracking.html, and the map preloaded by index.html)', () => {
  it('are /dk or /no and a stop uuid, as the route takes them, nothing else', () => {
    const uuid = 'f99ec215-3d24-448a-852e-32c0b0830c8e';
    expect(trackingPath.test(`/dk/${uuid}`)).toBe(true);
    expect(trackingPath.test(`/no/${uuid.toUpperCase()}/`)).toBe(true);
    expect(trackingPath.test(`/hjem-is/${uuid}`)).toBe(false);
    // The route's locale is lower case: /DK/... is no tracking page there, so none here either.
    expect(trackingPath.test(`/DK/${uuid}`)).toBe(false);
    expect(trackingPath.test('/dk/home')).toBe(false);
    expect(trackingPath.test(`/dk/${uuid}/extra`)).toBe(false);
  });
});
