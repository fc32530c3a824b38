'use client';
// Opens the lightbox for whichever image button inside was clicked (`data-index`); the grid itself
// is server markup, and the lightbox's code loads on the first click.
import dynamic from 'next/dynamic';
import { type ReactNode, useState } from 'react';

const ImageLightbox = dynamic(() => import('./image-lightbox'), { ssr: false });

export function LightboxGroup({ images, children }: { images: string[]; children: ReactNode }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the clicks come from the image buttons inside
    // biome-ignore lint/a11y/useKeyWithClickEvents: the image buttons inside handle the keyboard themselves
    <div
      onClick={(event) => {
        const button = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
        if (button) setOpen(Number(button.dataset.index));
      }}
    >
      {children}
      {open === null ? null : <ImageLightbox images={images} start={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
