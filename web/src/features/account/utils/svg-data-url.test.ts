import { describe, expect, it } from 'vitest';
import { groupKey, svgDataUrl } from './svg-data-url';

describe('two-factor helpers', () => {
  it('encodes an SVG as a base64 data URL', () => {
    const url = svgDataUrl('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(atob(url.split(',')[1])).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('groups a key in fours', () => {
    expect(groupKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupKey('ABCD')).toBe('ABCD');
  });
});
