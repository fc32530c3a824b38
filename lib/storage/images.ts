// Upload checks and re-encoding (DESIGN §10): size first, then the real format from the file's own
// bytes (sharp reads the magic numbers; the name and declared type are ignored), then a fresh
// encode at the purpose's size — which also drops EXIF and every other piece of metadata.
import sharp, { type Sharp } from 'sharp';
import { DomainError } from '@/lib/api/errors';
import { MAX_VIDEO_BYTES } from './videos';

const MB = 1024 * 1024;
/** Decoding bombs: a small file that claims a huge canvas is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

export const UPLOAD_PURPOSES = ['avatar', 'cover', 'image', 'identity', 'video'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

type Rule = {
  maxBytes: number;
  formats: readonly string[];
  /** Required width:height, with a 2% tolerance (spec §5 cover 135:76). */
  ratio?: number;
};

export const UPLOAD_RULES: Record<UploadPurpose, Rule> = {
  avatar: { maxBytes: 5 * MB, formats: ['jpeg', 'png', 'webp', 'gif'] },
  cover: { maxBytes: 5 * MB, formats: ['jpeg', 'png'], ratio: 135 / 76 },
  image: { maxBytes: 10 * MB, formats: ['jpeg', 'png', 'webp', 'gif'] },
  identity: { maxBytes: 5 * MB, formats: ['jpeg', 'png', 'webp'] },
  /** Checked by `videos.ts`, not sharp. */
  video: { maxBytes: MAX_VIDEO_BYTES, formats: ['mp4', 'webm'] },
};

export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((rule) => rule.maxBytes));

const FORMAT_NAMES: Record<string, string> = { jpeg: 'JPG', png: 'PNG', webp: 'WebP', gif: 'GIF' };

export type ProcessedImage = {
  body: Buffer;
  contentType: string;
  extension: 'webp' | 'jpg';
  width: number;
  height: number;
};

export async function processImage(purpose: UploadPurpose, bytes: Buffer): Promise<ProcessedImage> {
  const rule = UPLOAD_RULES[purpose];
  if (bytes.length === 0) throw new DomainError('UPLOAD_EMPTY');
  if (bytes.length > rule.maxBytes) {
    throw new DomainError('UPLOAD_TOO_LARGE', { values: { mb: rule.maxBytes / MB }, status: 413 });
  }
  const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !metadata.width || !metadata.height) throw new DomainError('UPLOAD_NOT_IMAGE');
  if (!rule.formats.includes(metadata.format)) {
    throw new DomainError('UPLOAD_FORMAT', {
      values: { formats: rule.formats.map((format) => FORMAT_NAMES[format]).join(' / ') },
    });
  }
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new DomainError('UPLOAD_TOO_LARGE_PIXELS');
  // EXIF orientation is applied before measuring, so a rotated phone photo counts as it looks.
  const swapped = (metadata.orientation ?? 1) >= 5;
  const width = swapped ? metadata.height : metadata.width;
  const height = swapped ? metadata.width : metadata.height;
  if (rule.ratio && Math.abs(width / height - rule.ratio) / rule.ratio > 0.02) {
    throw new DomainError('COVER_RATIO', { values: { width, height } });
  }

  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
  let output: Sharp;
  let extension: ProcessedImage['extension'] = 'webp';
  if (purpose === 'avatar') {
    output = image.resize(256, 256, { fit: 'cover' }).webp({ quality: 85 });
  } else if (purpose === 'identity') {
    output = image
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 });
    extension = 'jpg';
  } else if (purpose === 'cover') {
    output = image.resize(1080, 608, { fit: 'cover' }).jpeg({ quality: 84, mozjpeg: true });
    extension = 'jpg';
  } else {
    output = image
      .resize({ width: 1920, height: 1920, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 });
  }
  const { data, info } = await output.toBuffer({ resolveWithObject: true });
  return {
    body: data,
    contentType: extension === 'jpg' ? 'image/jpeg' : 'image/webp',
    extension,
    width: info.width,
    height: info.height,
  };
}
