'use client';
import { Button } from '@/components/ui/button';

export function ToastSample({ label, message }: { label: string; message: string }) {
  // The toaster is part of the after-load chunk; load its API the same way.
  const show = () => import('sonner').then(({ toast }) => toast.success(message));
  return (
    <Button variant="secondary" onClick={show}>
      {label}
    </Button>
  );
}
