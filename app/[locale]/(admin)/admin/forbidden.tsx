// 403 inside the console's frame: a staff member at a page whose routes do not declare their role.
import { AccessPanel } from '@/components/admin/access-panel';

export default function AdminForbidden() {
  return <AccessPanel kind="forbidden" />;
}
