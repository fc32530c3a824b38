// Colour arithmetic for colours that are data, not design tokens (generated team badges): the text
// colour that stays readable on them (WCAG 2 contrast).

function luminance(hex: string) {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((digit) => digit + digit).join('') : value;
  const [red, green, blue] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(full.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(first: string, second: string) {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

const DARK_TEXT = '#161a23';
const LIGHT_TEXT = '#ffffff';
/** WCAG AA for normal text. */
const AA = 4.5;

/** `hex` mixed with black: `amount` 0 keeps it, 1 is black. */
function darken(hex: string, amount: number) {
  const value = hex.replace('#', '');
  const channels = [0, 2, 4].map((at) =>
    Math.round(Number.parseInt(value.slice(at, at + 2), 16) * (1 - amount))
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${channels.join('')}`;
}

/**
 * A badge's colours made readable (WCAG AA): the preferred text when it reads well, else ink on a
 * light background, else white on the background darkened just enough.
 */
export function readableBadge([background, preferred]: [string, string]): {
  background: string;
  text: string;
} {
  if (contrastRatio(background, preferred) >= AA) return { background, text: preferred };
  if (contrastRatio(background, DARK_TEXT) >= AA) return { background, text: DARK_TEXT };
  let darker = background;
  for (let amount = 0.05; contrastRatio(darker, LIGHT_TEXT) < AA && amount < 1; amount += 0.05)
    darker = darken(background, amount);
  return { background: darker, text: LIGHT_TEXT };
}

/** The inline style of a generated badge. */
export function badgeStyle(colors: [string, string]) {
  const { background, text } = readableBadge(colors);
  return { backgroundColor: background, color: text };
}
