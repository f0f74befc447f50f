import { useT } from "../i18n/I18n";
import { Picture, type PictureData } from "./Picture";

/** One photo of a product's gallery: the picture at the page's width and a small JPEG for its thumbnail link. */
export interface GalleryPhoto {
  id: string;
  picture: PictureData;
  thumb: string;
}

/**
 * Every photo of a product in the owner's order (decision 245): a strip the parent swipes through on a phone,
 * each photo an anchor (`#photo-2`), and under it a row of thumbnails that are plain links to those anchors, so
 * it works with JavaScript off. `alt` names the product; each photo says which of how many it is.
 */
export function ProductGallery({ photos, alt, sizes }: { photos: readonly GalleryPhoto[]; alt: string; sizes: string }) {
  const t = useT();
  const count = photos.length;
  return (
    <div className="product-gallery">
      <ol className="gallery-strip" aria-label={t("gallery.label", { name: alt })}>
        {photos.map((photo, i) => (
          <li key={photo.id} id={`photo-${i + 1}`}>
            <Picture picture={photo.picture} alt={t("gallery.photo", { name: alt, number: i + 1, count })} sizes={sizes} priority={i === 0} />
          </li>
        ))}
      </ol>
      <ul className="gallery-thumbs" aria-label={t("gallery.thumbs")}>
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <a href={`#photo-${i + 1}`} aria-label={t("gallery.show", { number: i + 1, count })}>
              <img src={photo.thumb} alt="" width={56} height={56} loading="lazy" decoding="async" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
