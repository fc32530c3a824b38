import { readFileSync } from 'node:fs';
import path from 'node:path';
import { conditionalRequirements, renderEnvironmentReference } from './env-reference';
import { configSchema } from './schema';

const variables = Object.keys(configSchema.shape);

describe('docs/environment.md, generated from the config schema', () => {
  it('is up to date with the schema (run `npm run env:reference` after changing it)', () => {
    const file = readFileSync(path.join(__dirname, '..', '..', 'docs', 'environment.md'), 'utf8');
    expect(file).toBe(renderEnvironmentReference());
  });

  it('describes every variable, each in one row of the table', () => {
    const undescribed = variables.filter(
      (variable) => !(configSchema.shape as Record<string, { description?: string }>)[variable]!.description,
    );
    expect(undescribed).toEqual([]);
    const rows = renderEnvironmentReference()
      .split('\n')
      .filter((line) => /^\| `[A-Z0-9_]+` \|/.test(line))
      .map((line) => line.slice(3, line.indexOf('`', 3)));
    expect(rows).toEqual(variables);
  });

  it('finds the conditional requirements by running the schema', () => {
    const required = conditionalRequirements();
    expect(required.get('SMS_HTTP_URL')).toEqual(['SMS_PROVIDER=http']);
    expect(required.get('S3_BUCKET')).toEqual(['STORAGE_PROVIDER=s3']);
    expect(required.get('TENCENT_IM_SECRET_KEY')).toEqual(['IM_PROVIDER=tencent']);
    expect(required.has('PORT')).toBe(false);
  });

  it('states types, allowed values and defaults as the schema has them', () => {
    const text = renderEnvironmentReference();
    expect(text).toContain('| `PORT` | integer 1–65535 | `3000` |');
    expect(text).toContain(
      '| `ROLES` | comma-separated list: any of `web`, `realtime`, `jobs` | `web,realtime,jobs` |',
    );
    expect(text).toContain('| `PAY_SANDBOX` | on/off:');
    expect(text).toMatch(/\| `SITE_URL` \| URL \| unset \| start-up warns about it \|/);
  });
});
