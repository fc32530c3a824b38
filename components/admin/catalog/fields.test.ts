// A catalogue save described by a server page (`readForm`) sends what the editors' own code sent: trimmed
// text, numbers, an empty field's stand-in, a checkbox as a boolean, the four languages' texts, and a price
// typed in major units stored in minor ones.
import { readForm } from './fields';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
};

it('reads texts, numbers, checkboxes and the languages by their description', () => {
  const body = readForm(
    form({
      code: '  rose ',
      price: '12',
      sort: '',
      share: '',
      image: ' ',
      active: 'on',
      'name-zh-CN': '玫瑰',
      'name-zh-TW': '玫瑰',
      'name-en': ' Rose ',
      'name-vi': 'Hoa hồng',
    }),
    {
      code: { text: 'code' },
      price: { number: 'price' },
      sort: { number: 'sort', empty: 0 },
      anchor_share: { number: 'share', empty: null },
      image_url: { text: 'image', empty: null },
      active: { checked: 'active' },
      hidden: { checked: 'hidden' },
      names: { locales: 'name' },
    },
  );
  expect(body).toEqual({
    code: 'rose',
    price: 12,
    sort: 0,
    anchor_share: null,
    image_url: null,
    active: true,
    hidden: false,
    names: { 'zh-CN': '玫瑰', 'zh-TW': '玫瑰', en: 'Rose', vi: 'Hoa hồng' },
  });
});

it('leaves an empty number out unless told what it sends, and keeps an empty text as text', () => {
  const body = readForm(form({ position: '', note: '' }), {
    position: { number: 'position' },
    note: { text: 'note' },
  });
  expect(body).toEqual({ position: undefined, note: '' });
  expect(JSON.parse(JSON.stringify(body))).toEqual({ note: '' });
});

it('stores a price typed in major units in minor ones, by the currency chosen', () => {
  const price = { minor: 'price', currency: 'currency', minorPerMajor: { CNY: 100, VND: 1 } };
  expect(readForm(form({ price: '6.99', currency: 'CNY' }), { price_minor: price })).toEqual({
    price_minor: 699,
  });
  expect(readForm(form({ price: '25000', currency: 'VND' }), { price_minor: price })).toEqual({
    price_minor: 25_000,
  });
});
