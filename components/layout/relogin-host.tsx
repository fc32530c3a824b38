// Codes 50008/50012/50014 (spec §8) ask whether to log in again; the dialog loads only then.
import { useAtom } from 'jotai';
import dynamic from 'next/dynamic';
import { reloginPromptAtom } from '@/lib/store/atoms';

const ReloginDialog = dynamic(() => import('./relogin-dialog'), { ssr: false });

export function ReloginHost() {
  const [open, setOpen] = useAtom(reloginPromptAtom);
  return open ? <ReloginDialog onClose={() => setOpen(false)} /> : null;
}
