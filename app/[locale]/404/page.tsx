// /404 is a real address (spec §2 sends unknown paths here); it answers with status 404.
import { notFound } from 'next/navigation';

export default function NotFoundPage() {
  notFound();
}
