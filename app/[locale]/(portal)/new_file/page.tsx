// /new_file, a test page of the spec (§2): minimal, unlinked, not indexed.
import { TestPage, type TestPageProps, testPageMetadata } from '@/components/layout/test-page';

export async function generateMetadata({ params }: TestPageProps) {
  return testPageMetadata((await params).locale, 'newFile', '/new_file');
}

export default async function Page({ params }: TestPageProps) {
  return <TestPage locale={(await params).locale} path="/new_file" />;
}
