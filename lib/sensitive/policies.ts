// What a listed sensitive word does, importable from the console's client islands (no database code).
export const SENSITIVE_POLICIES = ['block', 'replace', 'review'] as const;
export type SensitivePolicy = (typeof SENSITIVE_POLICIES)[number];
