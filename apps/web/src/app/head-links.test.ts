import { afterEach, describe, expect, it } from 'vitest';
import { addAppLinks } from './head-links';

describe('addAppLinks', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link')) link.remove();
  });

  it('adds the install manifest and the home-screen icon once', () => {
    addAppLinks();
    addAppLinks();
    const links = [...document.head.querySelectorAll('link')].map((link) => [
      link.rel,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['manifest', '/manifest.webmanifest'],
      ['apple-touch-icon', '/pwa/icon-192.png'],
    ]);
  });
});
