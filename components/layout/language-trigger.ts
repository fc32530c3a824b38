// The language button's look, shared by the plain button (language-switcher.tsx) and the menu that loads
// behind it (language-menu.tsx), so neither imports the other.
export const TRIGGER_CLASS =
  'flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm text-white/80 hover:bg-white/10 hover:text-white';
