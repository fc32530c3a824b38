// Uploaded videos in the console's one review queue (`video`, lib/review): a video is a post of the
// `video` channel, so its source is lib/posts' `postSource` (decided by `reviewPost`), listed with the
// video's title and file.
import { postSource } from '@/lib/posts/review-source';

export const videoSource = postSource('video', 'video');
