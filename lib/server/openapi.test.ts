import SwaggerParser from '@apidevtools/swagger-parser';
import type { Db } from '@/lib/db';
import { createApiApp } from './api-app';

// The document and the docs page never touch the database.
const app = createApiApp({ db: () => ({}) as Db });

it('serves a valid OpenAPI document listing the spec paths', async () => {
  const response = await app.request('/api/openapi.json');
  const document = await response.json();
  await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining([
      '/api/universal/systemConfig',
      '/api/user/getKefuInfo',
      '/api/banner/popList',
      '/api/Member/info',
    ]),
  );
});

it('renders a readable docs page', async () => {
  const response = await app.request('/api/docs');
  const html = await response.text();
  expect(response.headers.get('content-type')).toContain('text/html');
  expect(html).toContain('/api/banner/popList');
});
