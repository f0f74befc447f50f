import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { catalogueId, findCatalogueProduct } from "../../domain/catalogue";
import { formatRupees } from "../../domain/money";
import { DEFAULT_ITEM_COLOUR, findSchool, ITEM_COLOURS, type ItemColour } from "../../domain/schools";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { schoolItemImage } from "../images.server";
import { notFound } from "../offers.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.school.heading} uniforms | Churu Uniform House` },
        { name: "description", content: `Order the ${data.school.name} uniform online: ${data.items.map((item) => item.name).join(", ")}.` },
      ]
    : [{ title: "School not found | Churu Uniform House" }];

/** The colour a card shows: ?colour-{item}=Blue, Red by default. */
const colourParam = (itemSlug: string) => `colour-${itemSlug}`;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const school = findSchool(params.schoolSlug ?? "");
  if (!school) throw notFound("No such school");
  const search = new URL(request.url).searchParams;
  const items = school.items.map((item) => {
    const product = findCatalogueProduct(catalogueId.schoolItem(school.slug, item.slug));
    if (!product) throw new Error(`catalogue has no ${school.slug}/${item.slug}`);
    const wanted = search.get(colourParam(item.slug));
    const colour: ItemColour | undefined = item.colours
      ? (ITEM_COLOURS.find((candidate) => candidate.toLowerCase() === wanted?.toLowerCase()) ?? DEFAULT_ITEM_COLOUR)
      : undefined;
    const fromPrice = product.sizes.length ? product.priceFor(product.sizes[0]) : product.priceFor(undefined);
    return {
      slug: item.slug,
      name: item.name,
      comingSoon: item.comingSoon,
      colours: item.colours ? [...item.colours] : null,
      colour: colour ?? null,
      image: schoolItemImage(school.slug, item.slug, product.illustration, colour),
      fromPrice: fromPrice ?? null,
      oneSize: product.sizes.length === 0,
    };
  });
  return { school: { slug: school.slug, name: school.name, heading: school.heading }, items };
}

export default function SchoolPage() {
  const { school, items } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();

  function colourLink(itemSlug: string, colour: string) {
    const next = new URLSearchParams(searchParams);
    next.set(colourParam(itemSlug), colour);
    return `?${next}`;
  }

  return (
    <>
      <Breadcrumbs trail={[{ label: "Home", to: "/" }, { label: "Schools", to: "/schools" }, { label: school.heading }]} />
      <h1>{school.heading}</h1>
      <p>Uniforms for {school.name}. Choose an item to pick a size and see its price.</p>
      <ul className="grid item-grid">
        {items.map((item) => (
          <li key={item.slug} className="card item-card">
            <div className="image-frame" data-colour={item.colour?.toLowerCase()}>
              <img
                src={item.image}
                alt={item.colour ? `${item.name} in ${item.colour}` : item.name}
                data-drawing={item.image.startsWith("/images/types/") ? "" : undefined}
                width="200"
                height="200"
                loading="lazy"
                decoding="async"
              />
              {item.comingSoon ? <span className="ribbon">Coming Soon</span> : null}
            </div>
            <h2 className="card-title">
              <Link to={`/schools/${school.slug}/${item.slug}`}>{item.name}</Link>
            </h2>
            {item.fromPrice !== null ? (
              <p className="price">
                {item.oneSize ? "" : "From "}
                {formatRupees(item.fromPrice)}
              </p>
            ) : null}
            {item.colours ? (
              <ul className="colours" aria-label={`${item.name} colour`}>
                {item.colours.map((colour) => (
                  <li key={colour}>
                    <Link
                      to={colourLink(item.slug, colour)}
                      replace
                      preventScrollReset
                      className={`colour colour-${colour.toLowerCase()}`}
                      aria-current={colour === item.colour ? "true" : undefined}
                    >
                      {colour}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/schools">Back to all schools</Link>
      </p>
    </>
  );
}
