/**
 * The widths a picture is served at besides its own (server/domain/pictures.ts): a short
 * list, so the variants a server may make and keep are few and the browser's `srcset` and
 * the server agree. Up to twice a 640 px column on a high-density screen.
 */
export const pictureWidths = [320, 480, 640, 960, 1280] as const;

export type PictureWidth = (typeof pictureWidths)[number];

/** Extensions a picture variant is made from: raster images as uploads allow them. */
export const resizableExtensions = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
