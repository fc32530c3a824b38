// An article body's marks become elements; anything else an editor types stays text (no markup, no
// script, no javascript: link).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ArticleBody } from './article-body';

const render = (body: string) => renderToStaticMarkup(createElement(ArticleBody, { body }));

it('renders headings, lists, bold and links from their marks', () => {
  const html = render(
    '## 看点\n\n**主队**连胜，[比分](https://example.com/a)。\n\n- 首发\n- 伤停\n\n[站内](/news)',
  );
  expect(html).toContain('<h2 class="pt-2 text-lg font-semibold text-ink-900">看点</h2>');
  expect(html).toContain('<strong>主队</strong>');
  expect(html).toContain('href="https://example.com/a"');
  expect(html).toContain('<li>首发</li><li>伤停</li>');
  expect(html).toContain('href="/news"');
});

it('keeps typed markup and unsafe links as text', () => {
  const html = render('<img src=x onerror=alert(1)> [x](javascript:alert(1)) **<b>bold</b>**');
  expect(html).not.toContain('<img');
  expect(html).not.toContain('href="javascript');
  expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  expect(html).toContain('<strong>&lt;b&gt;bold&lt;/b&gt;</strong>');
});
