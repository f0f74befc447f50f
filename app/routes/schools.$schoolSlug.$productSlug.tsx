import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { catalogueId, findCatalogueProduct } from "../../domain/catalogue";
import { findSchoolItem } from "../../domain/schools";
import { AddToCartForm } from "../components/AddToCartForm";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ProductInfoSections } from "../components/ProductInfo";
import { PincodeCheck } from "../components/PincodeCheck";
import { pincodeCheck } from "../delivery/pincode-check.server";
import { schoolItemImage } from "../images.server";
import { notFound, offerFor, startingQuantity, tidySizeChoice } from "../offers.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { descriptionIn, nameIn, schoolNameIn } from "../../domain/catalogue-words";
import { StockBadge } from "../components/StockBadge";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  return data
    ? [
        { title: t("schools:item.metaTitle", { school: data.school.name, item: data.product.name }) },
        {
          name: "description",
          content: t("schools:item.metaDescription", { school: data.school.name, item: data.product.name, description: data.product.description }),
        },
      ]
    : [{ title: t("schools:item.notFoundTitle") }];
};

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const found = findSchoolItem(params.schoolSlug ?? "", params.productSlug ?? "");
  if (!found) throw notFound("No such school item");
  tidySizeChoice(request);
  const product = findCatalogueProduct(catalogueId.schoolItem(found.school.slug, found.item.slug));
  if (!product) throw notFound("No such school item");
  const size = new URL(request.url).searchParams.get("size");
  const lang = languageOf(request);
  // The address's pincode only: this page is kept and shared between visitors (decision 113).
  const { view: delivery, headers } = pincodeCheck(request, context.shop, { remembered: false });
  return data({
    // The school as it writes itself, with its Devanagari form on a Hindi page (decision 099).
    school: { slug: found.school.slug, name: schoolNameIn(lang, found.school), heading: found.school.heading },
    product: { name: nameIn(lang, product), description: descriptionIn(lang, product), slug: found.item.slug },
    image: schoolItemImage(found.school.slug, found.item.slug, product.illustration),
    offer: offerFor(product, { size, preselectFirst: true, language: lang }),
    quantity: startingQuantity(request),
    delivery,
    messages: routeMessages(request, "schools", "delivery"),
  }, { headers });
}

export default function SchoolProduct() {
  const { school, product, image, offer, quantity, delivery } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <Breadcrumbs
        trail={[
          { label: t("nav.home"), to: "/" },
          { label: t("nav.schools"), to: "/schools" },
          { label: school.heading, to: `/schools/${school.slug}` },
          { label: product.name },
        ]}
      />
      <article className="product-detail">
        <img src={image} alt={`${school.name} ${product.name}`} width="400" height="400" />
        <div>
          <h1>{product.name}</h1>
          <p className="school-name">
            {t("schools:item.school")} <Link to={`/schools/${school.slug}`}>{school.name}</Link>
          </p>
          <p>{product.description}</p>
          {offer.comingSoon ? (
            <p className="ribbon inline">{t("comingSoon")}</p>
          ) : (
            // School uniform items keep no shelf count: each is made to order (decision 100).
            <ul className="badges" aria-label={t("schools:item.details")}>
              <StockBadge shelf={undefined} />
            </ul>
          )}
          <AddToCartForm offer={offer} detail buyNow quantity={quantity} addLabel={() => t("schools:item.addToCart")} />
          <PincodeCheck check={delivery} />
          <ProductInfoSections />
        </div>
      </article>
    </>
  );
}
