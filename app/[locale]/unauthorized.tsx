// 401 for pages that call `unauthorized()` (a guest at /admin): the login prompt and dialog.
import { AccessPanel } from '@/components/admin/access-panel';

export default function Unauthorized() {
  return <AccessPanel kind="login" />;
}
