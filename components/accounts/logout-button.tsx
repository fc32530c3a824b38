'use client';
// Log out (spec §4): the session is revoked, local user data cleared, and the user lands on /main.

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
    // Loaded on click: the shared client and storage helpers stay out of every page's first load.
    const [{ api }, { clearSignedInUser }] = await Promise.all([
      import('@/lib/http/client'),
      import('@/lib/accounts/browser-storage'),
    ]);
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
