// A chat line's text: plain text nodes with the set's emoji drawn as Twemoji images. Never HTML.
import { splitEmoji } from '@/lib/chat/emoji';

export function ChatText({ text }: { text: string }) {
  return (
    <>
      {splitEmoji(text).map((part, index) =>
        'text' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable string
          <span key={index}>{part.text}</span>
        ) : (
          <img
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable string
            key={index}
            src={part.emoji.src}
            alt={part.emoji.char}
            width={18}
            height={18}
            className="mx-px inline-block size-[18px] align-[-4px]"
          />
        ),
      )}
    </>
  );
}
