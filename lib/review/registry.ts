// The review queue's one list of sources. Each source lives in its own domain
// (`lib/<domain>/review-source.ts`: what waits, whom it concerns, and the domain's own decision); this file
// is the only place lib/review imports a domain. `registerReviewRoutes` (./api.ts) registers them all and
// declares their routes; a new source is one line here. The order is the console's tabs.
import { chatLineSource } from '@/lib/chat/review-source';
import { withdrawalSource } from '@/lib/earnings/review-source';
import { expertApplicationSource, planDisputeSource } from '@/lib/experts/review-source';
import { guessDisputeSource } from '@/lib/guess/review-source';
import { hornSource } from '@/lib/horn/review-source';
import { invitationSource } from '@/lib/invites/review-source';
import { anchorApplicationSource } from '@/lib/live/review-source';
import { reportSource } from '@/lib/moderation/review-source';
import { circlePostSource, commentSource } from '@/lib/posts/review-source';
import { videoSource } from '@/lib/videos/review-source';
import type { QueueSource } from './source';

export const QUEUE_SOURCES: readonly QueueSource[] = [
  guessDisputeSource,
  expertApplicationSource,
  planDisputeSource,
  anchorApplicationSource,
  hornSource,
  circlePostSource,
  videoSource,
  commentSource,
  chatLineSource,
  reportSource,
  withdrawalSource,
  invitationSource,
];
