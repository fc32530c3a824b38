// A centred Radix dialog that becomes a bottom sheet on phones (the `phone` variant of app/globals.css:
// portrait under 768 px, or a phone held sideways). Added after the dialog's own classes: the `phone:`
// ones win there. Dialogs stay at z-50, above the live room's full-screen video (z-45).
export const PHONE_SHEET =
  'phone:top-auto phone:bottom-0 phone:left-0 phone:w-full phone:max-w-none phone:max-h-[85dvh] phone:translate-x-0 phone:translate-y-0 phone:overflow-y-auto phone:rounded-none phone:rounded-t-2xl phone:pb-[max(1rem,env(safe-area-inset-bottom))]';
