// What others meet where staff took content down (its author still sees it, marked): a centred notice,
// a hint and the way back to the list, over the footer. Used by the post and the video pages.
import { Footer } from '@/components/layout/footer';
import { Link } from '@/lib/i18n/navigation';

export function Tombstone(props: {
  title: string;
  hint: string;
  back: string;
  href: string;
  productName: string;
  testId: string;
}) {
  return (
    <>
      <div className="mx-auto flex w-full max-w-[960px] flex-col gap-5 px-6 py-6">
        <section
          className="rounded-xl border border-line bg-surface px-8 py-10 text-center"
          data-testid={props.testId}
        >
          <h1 className="font-semibold text-ink-900">{props.title}</h1>
          <p className="mt-2 text-sm text-ink-500">{props.hint}</p>
          <Link href={props.href} className="mt-4 inline-block text-sm text-brand-600 hover:underline">
            {props.back}
          </Link>
        </section>
      </div>
      <Footer productName={props.productName} />
    </>
  );
}
