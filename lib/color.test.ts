import { contrastRatio, readableBadge } from './color';

describe('readable badges on generated colours', () => {
  it('measures WCAG contrast', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#6b7280', '#ffffff')).toBeCloseTo(4.83, 2);
  });

  it('keeps the colours that already read well', () => {
    expect(readableBadge(['#1b3a8c', '#ffffff'])).toEqual({ background: '#1b3a8c', text: '#ffffff' });
  });

  it('writes ink on light backgrounds', () => {
    for (const light of ['#85ce2c', '#35d4c2', '#c7ca2b'])
      expect(readableBadge([light, '#ffffff'])).toEqual({ background: light, text: '#161a23' });
  });

  it('darkens mid tones just enough for white text', () => {
    for (const middle of ['#a46e23', '#ba3dd6', '#218b1d']) {
      const badge = readableBadge([middle, '#ffffff']);
      expect(badge.text).toBe('#ffffff');
      expect(badge.background).not.toBe(middle);
      expect(contrastRatio(badge.background, badge.text)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
