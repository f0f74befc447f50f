import { Picture, type PictureData } from "./Picture";

/** A line's picture shown at this size (px): the presenters ask for photos and drawings this wide. */
export const LINE_PICTURE_SIZE = 64;

/**
 * A cart, checkout or order line's small picture (decision 140): the main photo, else the drawing in
 * the school's colours. Lazy and sized, so a long cart moves nothing while pictures arrive. The line's
 * name is beside it, so the picture says nothing more to a screen reader unless given `alt`.
 */
export function LinePicture({ picture, alt = "" }: { picture?: PictureData; alt?: string }) {
  if (!picture) return null;
  return <Picture picture={picture} alt={alt} sizes={`${LINE_PICTURE_SIZE}px`} className="line-picture" />;
}

/** One picture of an order's line, named for a screen reader (the order's items are written out beside the list). */
export interface NamedLinePicture {
  key: string;
  name: string;
  picture: PictureData;
}

/** An order's lines as a row of small pictures (the account's order history, the tracking page). */
export function LinePictures({ pictures }: { pictures?: readonly NamedLinePicture[] }) {
  if (!pictures?.length) return null;
  return (
    <ul className="line-pictures">
      {pictures.map((line) => (
        <li key={line.key}>
          <LinePicture picture={line.picture} alt={line.name} />
        </li>
      ))}
    </ul>
  );
}
