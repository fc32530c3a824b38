// An article's body as readers see it. Bodies are plain text, never HTML: blank lines part paragraphs, and
// a few marks an editor may use — `## ` a heading, `- ` a list item, `**bold**`, `[text](https://…)` a link
// (http, https or a path on this site only). Everything else is text, escaped by React: nothing an editor
// types can add markup, scripts or styles, so there is nothing to sanitise after the fact.
import type { ReactNode } from 'react';

const INLINE = /\*\*([^*\n]+)\*\*|\[([^\]\n]{1,200})\]\(((?:https?:\/\/|\/)[^\s)]{1,500})\)/g;

function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    if (match[1] !== undefined) parts.push(<strong key={match.index}>{match[1]}</strong>);
    else
      parts.push(
        <a
          key={match.index}
          href={match[3]}
          rel="noopener nofollow ugc"
          className="text-brand-600 underline-offset-2 hover:underline"
        >
          {match[2]}
        </a>,
      );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function ArticleBody({ body }: { body: string }) {
  const blocks = body.split(/\n{2,}/).filter((block) => block.trim());
  return blocks.map((block, index) => {
    const lines = block.split('\n');
    if (lines.length === 1 && block.startsWith('## '))
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a fixed text
        <h2 key={index} className="pt-2 text-lg font-semibold text-ink-900">
          {inline(block.slice(3))}
        </h2>
      );
    if (lines.every((line) => line.startsWith('- ')))
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a fixed text
        <ul key={index} className="list-disc space-y-1 pl-6">
          {lines.map((line, item) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed text
            <li key={item}>{inline(line.slice(2))}</li>
          ))}
        </ul>
      );
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a fixed text
      <p key={index} className="whitespace-pre-line break-words">
        {inline(block)}
      </p>
    );
  });
}
