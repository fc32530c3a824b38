import { AdminPageSkeleton } from '@/components/admin/table-skeleton';

export default function Loading() {
  return <AdminPageSkeleton columns={5} />;
}
