// The footer: policy pages and the customer-service address from system config (spec §2).
import { Mail } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { effectiveSettings } from '@/lib/system/settings';

export async function Footer({ productName }: { productName: string }) {
  const t = await getTranslations('footer');
  const email = effectiveSettings().customerServiceEmail;
  const links = [
    { href: '/about-user?type=2', label: t('aboutUs') },
    { href: '/about-user?type=1', label: t('agreement') },
    { href: '/about-user?type=0', label: t('privacy') },
  ];
  return (
    <footer className="mt-auto bg-night text-sm text-white/60">
      <div className="mx-auto flex max-w-[1200px] flex-wrap items-center justify-between gap-4 px-6 py-8">
        <nav aria-label={t('label')} className="flex flex-wrap gap-6">
          {links.map((link) => (
            <Link key={link.href} href={link.href} className="hover:text-white">
              {link.label}
            </Link>
          ))}
        </nav>
        <a href={`mailto:${email}`} className="flex items-center gap-2 hover:text-white">
          <Mail aria-hidden className="size-4" />
          {t('service', { email })}
        </a>
        <p className="w-full text-xs text-white/60">
          {t('copyright', { name: productName, year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
