'use client';
// The guests' login entry in the top bar and the phone's menu (spec §2); the dialog itself loads on demand.
import { openLoginDialog } from '@/lib/store/atoms';

export function LoginButton({
  label,
  className,
  testId,
  onOpened,
}: {
  label: string;
  className?: string;
  testId?: string;
  /** Called as the dialog opens (the phone's menu closes itself). */
  onOpened?: () => void;
}) {
  return (
    <button
      type="button"
      className={className}
      data-testid={testId}
      onClick={() => {
        onOpened?.();
        openLoginDialog();
      }}
    >
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
  title,
  onOpened,
}: {
  label: string;
  message: string;
  icon?: React.ReactNode;
  className?: string;
  title?: string;
  onOpened?: () => void;
}) {
  const refuse = () => {
    onOpened?.();
    import('sonner').then(({ toast }) => toast.error(message));
    openLoginDialog();
  };
  return (
    <button type="button" className={className} title={title} onClick={refuse}>
      {icon}
      <span>{label}</span>
    </button>
  );
}
