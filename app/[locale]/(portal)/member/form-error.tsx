import { CircleAlert } from 'lucide-react';

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex items-center gap-1.5 text-sm text-live">
      <CircleAlert aria-hidden className="size-4 shrink-0" />
      {message}
    </p>
  );
}
