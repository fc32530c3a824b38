// Signed-in states per role, written by the setup project and used by fixtures.
export const ROLES = ['user', 'anchor', 'operator', 'moderator', 'finance'] as const;
export type Role = (typeof ROLES)[number];
export const storageStatePath = (role: Role) => `e2e/.auth/${role}.json`;
