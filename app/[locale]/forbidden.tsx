// 403 for pages that call `forbidden()` above the console's frame (a user or an anchor at /admin).
import { AccessPanel } from '@/components/admin/access-panel';

export default function Forbidden() {
  return <AccessPanel kind="forbidden" />;
}
