// Limits of a post and a comment, shared by the service, the API schemas and the composers.
export const POST_BODY_MAX = 2000;
export const POST_IMAGES_MAX = 4;
export const COMMENT_BODY_MAX = 500;
