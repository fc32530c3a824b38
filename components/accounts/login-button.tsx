'use client';
// The guests' login entry in the top bar (spec §2); the dialog itself loads on demand.
import { appStore, loginDialogAtom } from '@/lib/store/atoms';

export function LoginButton({ label, className }: { label: string; className?: string }) {
  return (
    <button type="button" className={className} onClick={() => appStore.set(loginDialogAtom, 'qr')}>
      {label}
    </button>
  );
}

/** The task-center shortcut for guests (spec §6): refuses with 'please log in and retry'. */
export function GuestTaskButton({
  label,
  message,
  icon,
  className,
}: {
  label: string;
  message: string;
  icon: React.ReactNode;
  className?: string;
}) {
  const refuse = () => {
    import('sonner').then(({ toast }) => toast.error(message));
    appStore.set(loginDialogAtom, 'qr');
  };
  return (
    <button type="button" className={className} onClick={refuse}>
      {icon}
      <span>{label}</span>
    </button>
  );
}
