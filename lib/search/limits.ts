// Search limits shared by the browser and the server (spec §5, §9).
/** The search box takes at most 10 characters. */
export const SEARCH_MAX_CHARS = 10;
