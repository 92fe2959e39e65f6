// Image candidates: fluid images list every width; fixed-size ones the distinct 1x/2x/3x variants; src is the 2× one.
import { imageSources } from './image-sources';

describe('imageSources', () => {
  it('gives a fluid image every server width with sizes', () => {
    const s = imageSources('/api/v1/files/abc', 390, '100vw');
    expect(s.srcSet).toBe(
      '/api/v1/files/abc?w=160 160w, /api/v1/files/abc?w=320 320w, /api/v1/files/abc?w=480 480w, /api/v1/files/abc?w=800 800w, /api/v1/files/abc?w=1200 1200w',
    );
    expect(s).toMatchObject({ sizes: '100vw', src: '/api/v1/files/abc?w=800' });
  });

  it('gives a fixed-size image density candidates, and only src when one variant covers every density', () => {
    expect(imageSources('/api/v1/files/abc', 72)).toEqual({
      srcSet: '/api/v1/files/abc?w=160 1x, /api/v1/files/abc?w=320 3x',
      src: '/api/v1/files/abc?w=160',
    });
    expect(imageSources('/api/v1/files/abc', 48)).toEqual({ src: '/api/v1/files/abc?w=160' });
  });
});
