// Types for Tencent's `tls-sig-api-v2` (the package ships none; its package.json names `main` twice, so
// the file is imported by name): the calls lib/im/signature.ts uses.
declare module 'tls-sig-api-v2/TLSSigAPIv2' {
  export class Api {
    constructor(sdkAppId: number, secretKey: string);
    genUserSig(userId: string, expireSeconds: number): string;
  }
}
