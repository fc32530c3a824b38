// Addresses of the video screens, shared by pages, the sitemap and the live room.
export const videoPlayerPath = (id: number) => `/video-player?id=${id}`;

/** `/video-classify?type=3&id=&name=` (spec §2: type 3 with the category's id and name). */
export const classifyHref = (category: { id: number; name: string }) =>
  `/video-classify?type=3&id=${category.id}&name=${encodeURIComponent(category.name)}`;
