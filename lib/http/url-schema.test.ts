// Every stored URL passes one schema: http(s) or a path of this portal; a corpus of hostile values is
// refused with the translated message.
import { z } from 'zod';
import { ValidationError } from '@/lib/api/errors';
import { validationMessage } from '@/lib/api/messages';
import { translator } from '@/lib/i18n/translate';
import { isSafeStoredUrl, storedUrl } from './url-schema';

const hostile = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'javascript://%0aalert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'jav&#x09;ascript:alert(1)',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  'data:image/png;base64,iVBORw0KGgo=',
  'file:///etc/passwd',
  'blob:https://portal.example/1',
  'ftp://evil.example/x',
  'ws://evil.example',
  'mailto:a@b.c',
  'tel:+8613800000000',
  'intent://scan/#Intent;scheme=zxing;end',
  'about:blank',
  'chrome://settings',
  '//evil.example/x.png',
  '/\\evil.example',
  '/\t/evil.example',
  '\\\\evil.example\\share',
  'https://user:pass@evil.example',
  'https://portal.example@evil.example',
  'http://',
  'https:evil.example',
  'evil.example/x.png',
  'x.png',
  '',
  '   ',
  'https://evil.example/a b',
  `https://example.com/${'a'.repeat(3000)}`,
];

const allowed = [
  'https://cdn.example.com/banner.png',
  'http://example.com/page?x=1#y',
  'HTTPS://EXAMPLE.COM/',
  'https://[2001:db8::1]/x',
  '/uploads/2026/11/cover.webp',
  '/live?id=12',
  '/api/universal/avatar?seed=ab&style=bottts',
  '  https://example.com/trimmed  ',
];

describe('storedUrl', () => {
  const schema = storedUrl();

  it.each(hostile.map((value) => [JSON.stringify(value).slice(0, 60), value]))('refuses %s', (_, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });

  it.each(allowed)('accepts %s', (value) => {
    expect(schema.parse(value)).toBe(value.trim());
  });

  it('accepts raster data: images only where an upload makes them', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(isSafeStoredUrl(png)).toBe(false);
    expect(isSafeStoredUrl(png, { dataImage: true })).toBe(true);
    expect(isSafeStoredUrl('data:image/svg+xml;base64,PHN2Zz4=', { dataImage: true })).toBe(false);
    expect(isSafeStoredUrl('data:text/html;base64,PHN2Zz4=', { dataImage: true })).toBe(false);
  });

  it('says why, in the reader’s language', () => {
    const result = z.object({ linkUrl: storedUrl() }).safeParse({ linkUrl: 'javascript:alert(1)' });
    const error = new ValidationError(result.error!.issues);
    expect(validationMessage(translator('en'), error)).toBe(
      'Link URL must be an http(s) address or a path of this site',
    );
    expect(validationMessage(translator('zh-CN'), error)).toMatch(/只能是 http\(s\) 地址或本站路径$/);
  });
});
