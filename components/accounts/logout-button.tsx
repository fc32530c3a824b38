'use client';
// Log out (spec §4): the session is revoked, local user data cleared, and the user lands on /main.
import { clearSignedInUser } from '@/lib/accounts/browser-storage';
import { api } from '@/lib/http/client';

export function LogoutButton({
  label,
  home,
  className,
}: {
  label: string;
  home: string;
  className?: string;
}) {
  const logout = async () => {
    await api.post('api/Member/SignOut', undefined, { silent: true }).catch(() => {});
    clearSignedInUser();
    window.location.assign(home);
  };
  return (
    <button type="button" className={className} onClick={logout}>
      {label}
    </button>
  );
}
