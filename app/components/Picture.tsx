/** What `<Picture>` draws (app/photos.server.ts makes it). */
export interface PictureData {
  src: string;
  width: number;
  height: number;
  sources: { type: string; srcSet: string }[];
}

/**
 * A photo in the formats the shop made of it (decision 139), or a drawing: width and height
 * always set, so nothing moves when it loads. `priority` is the page's main picture (loaded
 * first: `fetchpriority="high"`); anything else waits until it is near the screen, unless
 * `eager` says it is on the first screen anyway (a grid's first row of cards).
 */
export function Picture({
  picture,
  alt,
  sizes,
  priority = false,
  eager = false,
  className,
}: {
  picture: PictureData;
  alt: string;
  sizes: string;
  priority?: boolean;
  eager?: boolean;
  className?: string;
}) {
  // React 18 does not know `fetchPriority` yet: the attribute goes out in lower case, as HTML spells it.
  const loading = priority ? ({ fetchpriority: "high", loading: "eager" } as object) : { loading: eager ? ("eager" as const) : ("lazy" as const) };
  return (
    // A drawing (no sources) keeps the square frame drawings are laid out in.
    <picture className={[className, picture.sources.length === 0 ? "drawing" : undefined].filter(Boolean).join(" ") || undefined}>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img src={picture.src} alt={alt} width={picture.width} height={picture.height} decoding="async" {...loading} />
    </picture>
  );
}
