// Limits of a video's texts, shared by the schema, the API and the anchor centre's form.
export const VIDEO_TITLE_MAX = 60;
export const VIDEO_DESCRIPTION_MAX = 500;
