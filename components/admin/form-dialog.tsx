'use client';
// The console's dialog frame around a form (the catalogue editors, the reasoned decisions): the title, what
// saving does, the fields, the API's refusal shown where the user looks, cancel and submit. The caller
// owns the form's state and its submit.
import { Dialog } from 'radix-ui';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog-close';

export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  width,
  testId,
  onSubmit,
  error,
  cancelLabel,
  submit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: string;
  description: string;
  /** A width class, e.g. `w-[min(480px,calc(100vw-2rem))]`. */
  width: string;
  testId: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The refusal to show above the buttons (null: none). */
  error: string | null;
  cancelLabel: string;
  /** The submit button. */
  submit: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          data-testid={testId}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-surface p-6 shadow-2xl ${width}`}
        >
          <Dialog.Title className="pr-8 text-base font-semibold text-ink-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink-500">{description}</Dialog.Description>
          <form onSubmit={onSubmit} className="mt-4 space-y-4">
            {children}
            {error ? (
              <p role="alert" className="text-sm text-live">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="secondary">
                  {cancelLabel}
                </Button>
              </Dialog.Close>
              {submit}
            </div>
          </form>
          <DialogClose label={cancelLabel} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
