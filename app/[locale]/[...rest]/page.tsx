// Any path no screen claims goes to /404 (spec §2).
import { redirect } from '@/lib/i18n/navigation';

export default async function UnknownPath({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  redirect({ href: '/404', locale });
}
