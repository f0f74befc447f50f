import { Picture, type PictureData } from "./Picture";

/**
 * A card's picture width (px) in the shop's grids (columns of at least 10rem, two on a phone, up
 * to six on a wide screen): the presenters ask for photos this wide, so the `<img>` falls back to
 * the smallest file the photo job makes (400 px, decision 139).
 */
export const CARD_PICTURE_SIZE = 200;

/** How wide a card's picture is laid out: the whole width below two columns, half on a phone, a grid column above. */
export const CARD_PICTURE_SIZES = "(max-width: 23rem) 100vw, (max-width: 48rem) 50vw, 12rem";

/**
 * Cards on the first screen: a grid's first row (four on a tablet, two rows on a phone). Their
 * pictures load at once; the rest wait until they are near the screen.
 */
export const FIRST_ROW_CARDS = 4;

/**
 * A shelf or school card's picture: the owner's main photo (AVIF, WebP and JPEG at the small
 * width) when there is one, else the drawing, as the product page's `<Picture>` draws it.
 * `position` is the card's place in its grid, from 0.
 */
export function CardPicture({ picture, alt, position }: { picture: PictureData; alt: string; position: number }) {
  return <Picture picture={picture} alt={alt} sizes={CARD_PICTURE_SIZES} eager={position < FIRST_ROW_CARDS} className="card-picture" />;
}
