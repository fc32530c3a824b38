// One dialog frame around a form, for the console (catalogue editors, reasoned decisions) and the portal
// (a live room's stake, guess and dispute forms): the title, what submitting does, the fields, the API's
// refusal shown where the user looks, then either cancel and submit side by side (the console) or the
// submit alone across the width (a viewer's quick form). The caller owns the form's state and its submit,
// sent through `useFormPost` (lib/http/use-form-post.ts) whose result it passes as `send`: its refusal
// shows above the buttons and is cleared when the dialog opens or closes.
// `sheet`: a bottom sheet on phones, centred from `sm` up (the spend confirmation, opened from a room).
import { Dialog } from 'radix-ui';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog-close';
import { PHONE_SHEET } from '@/components/ui/sheet-styles';
import type { FormSend } from '@/lib/http/use-form-post';

export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  hideDescription = false,
  width,
  testId,
  onSubmit,
  send,
  error,
  closeLabel,
  cancelLabel = closeLabel,
  cancelButton = false,
  submit,
  sheet = false,
  errorTestId,
  outside,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What opens it (none: the caller opens it, e.g. after its own form checked out). */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** The description is for screen readers only (the fields say it all). */
  hideDescription?: boolean;
  /** A width class, e.g. `w-[min(480px,calc(100vw-2rem))]`. */
  width: string;
  testId: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's send (useFormPost): its refusal shows above the buttons, reset on open and close. */
  send?: FormSend;
  /** What to show above the buttons instead of the send's refusal (the form's own check, a refusal with a link). */
  error?: ReactNode;
  /** The ✕'s name, and the cancel button's text. */
  closeLabel: string;
  /** The cancel button's text, when it differs from the ✕'s name. */
  cancelLabel?: string;
  /** A cancel button beside the submit (the console's decisions and editors). */
  cancelButton?: boolean;
  /** The submit button: alone, it should be full width. */
  submit: ReactNode;
  /** A bottom sheet below `sm` (phones), a centred dialog above. */
  sheet?: boolean;
  /** The refusal line's test id. */
  errorTestId?: string;
  /** In the dialog but outside its form (a confirm step of its own, e.g. the spend sheet). */
  outside?: ReactNode;
  children: ReactNode;
}) {
  const shown = error ?? send?.error;
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        send?.reset();
      }}
      trigger={trigger}
      title={title}
      description={description}
      hideDescription={hideDescription}
      width={width}
      testId={testId}
      closeLabel={closeLabel}
      sheet={sheet}
    >
      <form
        onSubmit={(event) => {
          // A dialog opened from inside another form (the spend sheet) must not submit that one too:
          // React carries events up through portals.
          event.stopPropagation();
          onSubmit(event);
        }}
        className="mt-4 space-y-4"
      >
        {children}
        {shown ? (
          <p role="alert" className="text-sm text-live" data-testid={errorTestId}>
            {shown}
          </p>
        ) : null}
        {cancelButton ? (
          <div className="flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button type="button" variant="secondary">
                {cancelLabel}
              </Button>
            </Dialog.Close>
            {submit}
          </div>
        ) : (
          submit
        )}
      </form>
      {outside}
    </DialogFrame>
  );
}

/**
 * The frame alone (title, description, ✕), for a dialog whose body is not always one form (nobility:
 * the offer loading, none on sale, or the purchase form). `sheet: 'phone'`: a bottom sheet on phones as
 * the live room defines them (components/ui/sheet-styles.ts).
 */
export function DialogFrame({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  hideDescription = false,
  width,
  testId,
  closeLabel,
  sheet = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  hideDescription?: boolean;
  width: string;
  testId: string;
  closeLabel: string;
  sheet?: boolean | 'phone';
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          data-testid={testId}
          className={`fixed z-50 max-h-[90vh] overflow-y-auto bg-surface p-5 shadow-2xl sm:p-6 ${
            sheet === true
              ? 'inset-x-0 bottom-0 rounded-t-2xl pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl'
              : 'top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 rounded-xl'
          } ${width} ${sheet === 'phone' ? PHONE_SHEET : ''}`}
        >
          <Dialog.Title className="pr-8 text-base font-semibold text-ink-900">{title}</Dialog.Title>
          <Dialog.Description className={hideDescription ? 'sr-only' : 'mt-1 text-sm text-ink-700'}>
            {description}
          </Dialog.Description>
          {children}
          <DialogClose label={closeLabel} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
