// Limits of a post and a comment, shared by the service, the API schemas and the composers.
export const POST_BODY_MAX = 2000;
export const POST_IMAGES_MAX = 4;
export const COMMENT_BODY_MAX = 500;
/** Spec §5 / §9: a post's video is under 50 MB. */
export const POST_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const REVIEW_REASON_MAX = 200;
