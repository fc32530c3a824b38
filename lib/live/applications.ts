// Becoming an anchor (spec §3 streamer application, §4 approval, §5 validation): one open
// application at a time; an operator approves (the user becomes an anchor) or refuses with a reason.
import { and, desc, eq } from 'drizzle-orm';
import { findUserById } from '@/lib/accounts/auth-service';
import { users } from '@/lib/accounts/schema';
import { consumeSmsCode, SMS_PURPOSE } from '@/lib/accounts/sms-codes';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { storage } from '@/lib/storage';
import { findOwnUploadByKey } from '@/lib/storage/service';
import { anchorApplications } from './schema';

export type ApplicationInput = {
  realName: string;
  contact: string;
  idNumber: string;
  idPhotoKey: string;
  experience: string;
  referrer?: string;
  code: string;
};

export async function latestApplication(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(anchorApplications)
    .where(eq(anchorApplications.userId, userId))
    .orderBy(desc(anchorApplications.id))
    .limit(1);
  return row ?? null;
}

export async function submitApplication(db: DbOrTx, userId: number, input: ApplicationInput, now: Date) {
  const user = await findUserById(db, userId);
  if (user.isAnchor) throw new DomainError('ALREADY_ANCHOR');
  if ((await latestApplication(db, userId))?.status === 'pending')
    throw new DomainError('APPLICATION_PENDING');
  if (!(await findOwnUploadByKey(db, userId, input.idPhotoKey, 'identity'))) {
    throw new DomainError('ID_PHOTO_MISSING');
  }
  // The verification code proves the applicant holds the account's phone.
  await consumeSmsCode(
    db,
    {
      countryCode: user.countryCode,
      mobile: user.mobile,
      purpose: SMS_PURPOSE.other,
      code: input.code,
    },
    now,
  );
  const [row] = await db
    .insert(anchorApplications)
    .values({
      userId,
      realName: input.realName,
      contact: input.contact,
      idNumber: input.idNumber,
      idPhotoKey: input.idPhotoKey,
      experience: input.experience,
      referrer: input.referrer || null,
    })
    .returning();
  return row!;
}

export async function reviewApplication(
  db: DbOrTx,
  reviewerId: number,
  input: { id: number; approve: boolean; reason?: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(anchorApplications)
      .set({
        status: input.approve ? 'succeeded' : 'failed',
        reason: input.approve ? null : (input.reason ?? null),
        reviewerId,
        reviewedAt: now,
      })
      .where(and(eq(anchorApplications.id, input.id), eq(anchorApplications.status, 'pending')))
      .returning();
    if (!row) throw new DomainError('APPLICATION_NOT_PENDING');
    if (input.approve) await tx.update(users).set({ isAnchor: true }).where(eq(users.id, row.userId));
    // The applicant is told by the review queue (lib/review), with the decision's reason.
    return row;
  });
}

/** The ID photo of an application, for the operator reviewing it. */
export async function applicationPhoto(db: DbOrTx, id: number) {
  const [row] = await db.select().from(anchorApplications).where(eq(anchorApplications.id, id));
  if (!row) throw new NotFoundError('APPLICATION_NOT_FOUND');
  const bytes = await storage().get(row.idPhotoKey);
  if (!bytes) throw new NotFoundError('APPLICATION_NOT_FOUND');
  return bytes;
}
