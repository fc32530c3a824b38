import type { ReactNode } from 'react';
import { SideLayout } from '@/components/layout/side-layout';

export default function WithSideMenu({ children }: { children: ReactNode }) {
  return <SideLayout>{children}</SideLayout>;
}
