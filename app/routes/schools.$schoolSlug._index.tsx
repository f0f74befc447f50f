import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useSearchParams, Link } from "@remix-run/react";
import { catalogueId, findCatalogueProduct } from "../../domain/catalogue";
import { formatRupees } from "../../domain/money";
import { DEFAULT_ITEM_COLOUR, findSchool, ITEM_COLOURS, type ItemColour } from "../../domain/schools";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { schoolItemCardPictures } from "../pictures.server";
import { CardPicture } from "../components/CardPicture";
import { notFound } from "../offers.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { localSchoolName, nameIn, schoolNameIn } from "../../domain/catalogue-words";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  return data
    ? [
        { title: t("schools:school.metaTitle", { school: data.school.heading }) },
        { name: "description", content: t("schools:school.metaDescription", { school: data.school.shownName, items: data.items.map((item) => item.name).join(", ") }) },
      ]
    : [{ title: t("schools:school.notFoundTitle") }];
};

/** The colour a card shows: ?colour-{item}=Blue, Red by default. */
const colourParam = (itemSlug: string) => `colour-${itemSlug}`;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const school = findSchool(params.schoolSlug ?? "");
  if (!school) throw notFound("No such school");
  // The owner's main photos; until there is one, the drawings in the school's own colours (decisions 139, 140).
  const { colours } = await context.shop.schoolColours.onFile(school.slug);
  const search = new URL(request.url).searchParams;
  const lang = languageOf(request);
  const shown = school.items.map((item) => {
    const product = findCatalogueProduct(catalogueId.schoolItem(school.slug, item.slug));
    if (!product) throw new Error(`catalogue has no ${school.slug}/${item.slug}`);
    const wanted = search.get(colourParam(item.slug));
    const colour: ItemColour | undefined = item.colours
      ? (ITEM_COLOURS.find((candidate) => candidate.toLowerCase() === wanted?.toLowerCase()) ?? DEFAULT_ITEM_COLOUR)
      : undefined;
    const fromPrice = product.sizes.length ? product.priceFor(product.sizes[0]) : product.priceFor(undefined);
    const card = { slug: item.slug, illustration: product.illustration, colour, colourChosen: colour !== undefined && wanted !== null };
    return {
      card,
      item: {
        slug: item.slug,
        name: nameIn(lang, item),
        comingSoon: item.comingSoon,
        colours: item.colours ? [...item.colours] : null,
        colour: colour ?? null,
        fromPrice: fromPrice ?? null,
        oneSize: product.sizes.length === 0,
      },
    };
  });
  const pictures = await schoolItemCardPictures(context.shop, school.slug, shown.map(({ card }) => card), colours);
  const items = shown.map(({ item }) => ({ ...item, picture: pictures[item.slug] }));
  const shownSchool = {
    slug: school.slug,
    heading: school.heading,
    // As the school writes it; a Hindi page adds the Devanagari form beside it (decision 099).
    shownName: schoolNameIn(lang, school),
    localName: localSchoolName(lang, school) ?? null,
  };
  return { school: shownSchool, items, messages: routeMessages(request, "schools", "kits") };
}

export default function SchoolPage() {
  const { school, items } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const t = useT();

  function colourLink(itemSlug: string, colour: string) {
    const next = new URLSearchParams(searchParams);
    next.set(colourParam(itemSlug), colour);
    return `?${next}`;
  }

  return (
    <>
      <Breadcrumbs trail={[{ label: t("nav.home"), to: "/" }, { label: t("nav.schools"), to: "/schools" }, { label: school.heading }]} />
      <h1>
        {school.heading}
        {school.localName ? (
          <>
            {" "}
            <span className="local-name">{school.localName}</span>
          </>
        ) : null}
      </h1>
      <p>{t("schools:school.intro", { school: school.shownName })}</p>
      {/* The whole class kit in one step (decision 134). */}
      <p className="kit-link">
        <Link className="button" to={`/schools/${school.slug}/kit`}>
          {t("kits:page.link")}
        </Link>
      </p>
      <ul className="grid item-grid">
        {items.map((item, position) => (
          <li key={item.slug} className="card item-card">
            <div className="image-frame">
              <CardPicture
                picture={item.picture}
                // A photo shows the item as the owner photographed it; a drawing is painted in the colour shown.
                alt={item.colour && item.picture.sources.length === 0 ? t("schools:school.inColour", { item: item.name, colour: t(`schools:colour.${item.colour}`) }) : item.name}
                position={position}
              />
              {item.comingSoon ? <span className="ribbon">{t("comingSoon")}</span> : null}
            </div>
            <h2 className="card-title">
              <Link to={`/schools/${school.slug}/${item.slug}`}>{item.name}</Link>
            </h2>
            {item.fromPrice !== null ? (
              <p className="price">
                {item.oneSize ? formatRupees(item.fromPrice) : t("schools:school.from", { price: formatRupees(item.fromPrice) })}
              </p>
            ) : null}
            {item.colours ? (
              <ul className="colours" aria-label={t("schools:school.colourOf", { item: item.name })}>
                {item.colours.map((colour) => (
                  <li key={colour}>
                    <Link
                      to={colourLink(item.slug, colour)}
                      replace
                      preventScrollReset
                      className={`colour colour-${colour.toLowerCase()}`}
                      aria-current={colour === item.colour ? "true" : undefined}
                    >
                      {t(`schools:colour.${colour}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/schools">{t("schools:school.back")}</Link>
      </p>
    </>
  );
}
