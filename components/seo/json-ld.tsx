// Structured data for search engines (schema.org JSON-LD). The script carries the request's CSP nonce
// (`x-nonce`, set by proxy.ts) when there is one; `<` is escaped so no text can close the script.
import { headers } from 'next/headers';

export async function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, not markup
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
