// The S3 provider's signatures, checked against AWS's own signer (@smithy/signature-v4, the signer inside
// the official AWS SDK): a real bucket verifies exactly these. The storage flow against a running
// S3-compatible server is in api.test.ts (s3rver, which checks the protocol but not V4 signatures).
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { NOON } from '@/lib/testing/clock';
import { s3StorageProvider } from './s3';

const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
const key = `incoming/${'0123456789abcdef'.repeat(2)}.bin`;
const provider = s3StorageProvider({
  endpoint: 'https://s3.ap-east-1.example.com',
  bucket: 'portal',
  region: 'ap-east-1',
  ...credentials,
  publicBaseUrl: 'https://cdn.example.com',
  now: () => NOON,
});
const awsSigner = new SignatureV4({
  credentials,
  region: 'ap-east-1',
  service: 's3',
  sha256: Sha256,
  uriEscapePath: false,
  applyChecksum: true,
});
const request = (method: string, headers: Record<string, string>) => ({
  method,
  protocol: 'https:',
  hostname: 's3.ap-east-1.example.com',
  path: `/portal/${key}`,
  query: {},
  headers: { host: 's3.ap-east-1.example.com', ...headers },
});

describe('S3 signatures', () => {
  it('presigns an upload exactly as the AWS SDK does', async () => {
    const ours = new URL((await provider.presignPut?.(key, 'application/octet-stream', 900)) ?? '');
    // An unsigned payload, as S3 presigned uploads are (the body is not known when the URL is made).
    const aws = await awsSigner.presign(request('PUT', { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' }), {
      expiresIn: 900,
      signingDate: NOON,
      unsignableHeaders: new Set(['x-amz-content-sha256']),
      unhoistableHeaders: new Set(['x-amz-content-sha256']),
    });
    expect(ours.searchParams.get('X-Amz-Signature')).toBe(aws.query?.['X-Amz-Signature']);
    expect(ours.searchParams.get('X-Amz-Credential')).toBe(aws.query?.['X-Amz-Credential']);
    expect(ours.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
  });

  it('signs a stored object write with the Authorization header AWS computes', async () => {
    const sent: Request[] = [];
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      sent.push(input as Request);
      return new Response(null, { status: 200 });
    });
    try {
      await provider.put(key, Buffer.from('match report'), 'image/webp');
    } finally {
      fetchSpy.mockRestore();
    }
    const [put] = sent;
    const authorization = put?.headers.get('authorization') ?? '';
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    expect(signedHeaders).toEqual(['host', 'x-amz-content-sha256', 'x-amz-date']);
    const signed = await awsSigner.sign(
      {
        ...request('PUT', {
          'x-amz-content-sha256': put?.headers.get('x-amz-content-sha256') ?? '',
          'x-amz-date': put?.headers.get('x-amz-date') ?? '',
        }),
        body: 'match report',
      },
      { signingDate: NOON },
    );
    expect(authorization).toBe(signed.headers.authorization);
  });
});
