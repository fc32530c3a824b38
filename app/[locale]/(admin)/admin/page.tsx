// /admin: the first page of the console the signed-in role may use (the 403 page when there is none).
import { forbidden } from 'next/navigation';
import { navFor, staffUser } from '@/components/admin/guard';
import { redirect } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

export default async function AdminHome({ params }: { params: Promise<{ locale: Locale }> }) {
  const { locale } = await params;
  const [first] = navFor(await staffUser());
  if (!first) forbidden();
  redirect({ href: first.href, locale });
}
