import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { catalogueId, findCatalogueProduct } from "../../domain/catalogue";
import { findSchoolItem } from "../../domain/schools";
import { AddToCartForm } from "../components/AddToCartForm";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ProductInfoSections } from "../components/ProductInfo";
import { PincodeCheck } from "../components/PincodeCheck";
import { pincodeCheck } from "../delivery/pincode-check.server";
import { schoolItemPicture } from "../pictures.server";
import { Picture } from "../components/Picture";
import { notFound, offerFor, startingQuantity, tidySizeChoice } from "../offers.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { descriptionIn, nameIn, schoolNameIn } from "../../domain/catalogue-words";
import { StockBadge } from "../components/StockBadge";
import { ChildPicker } from "../components/ChildPicker";
import { childPicker } from "../children/picker.server";
import { ProductFacts } from "../components/ProductFacts";
import { uniformFacts } from "../../domain/seller/disclosures";
import { SizeGuide } from "../components/SizeGuide";
import { sizeGuideFor } from "../sizes/size-guide.server";

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
  // The chart the shop uses today and the finder's answer to this address's question (decision 131).
  const sizeGuide = await sizeGuideFor(context.shop, request, product);
  // A child chosen with the picker (`?child=`, decision 133): their size is the one preselected.
  const picker = await childPicker(context.shop, request, found.school.slug, found.item);
  const offer = offerFor(product, { size: size ?? picker.size ?? null, preselectFirst: true, language: lang });
  const chosen = offer.sizes.find((option) => option.size === offer.selectedSize);
  const lowest = offer.sizes.length ? Math.min(...offer.sizes.map((option) => option.price)) : undefined;
  return data({
    // The school as it writes itself, with its Devanagari form on a Hindi page (decision 099).
    school: { slug: found.school.slug, name: schoolNameIn(lang, found.school), heading: found.school.heading },
    product: { name: nameIn(lang, product), description: descriptionIn(lang, product), slug: found.item.slug },
    // The owner's main photo once processed (decision 139), else the photo or the drawing in the school's colours (decision 140).
    picture: await schoolItemPicture(context.shop, found.school.slug, found.item.slug, product.illustration, 400),
    offer,
    // The shop's own uniform: made in India by the shop (Legal Metrology rule 6(10), decision 130).
    facts: uniformFacts(context.shop.config.seller, found.item.priceType),
    mrp: { amount: chosen?.price ?? offer.oneSizePrice ?? lowest, from: !chosen && offer.oneSizePrice === undefined },
    quantity: startingQuantity(request),
    delivery,
    sizeGuide: sizeGuide.view,
    picker: picker.view,
    messages: routeMessages(request, "schools", "delivery", "sizes", "seller"),
  }, { headers, status: sizeGuide.status });
}

export default function SchoolProduct() {
  const { school, product, picture, offer, quantity, delivery, sizeGuide, facts, mrp, picker } = useLoaderData<typeof loader>();
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
        <Picture picture={picture} alt={`${school.name} ${product.name}`} sizes="(max-width: 40rem) 100vw, 24rem" priority />
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
          <ChildPicker picker={picker} />
          <AddToCartForm offer={offer} detail buyNow quantity={quantity} addLabel={() => t("schools:item.addToCart")} forChild={picker.chosen?.id} />
          <PincodeCheck check={delivery} />
          <ProductFacts facts={facts} mrp={mrp.amount} from={mrp.from} />
          <ProductInfoSections />
        </div>
      </article>
      {sizeGuide ? <SizeGuide guide={sizeGuide} itemName={product.name} /> : null}
    </>
  );
}
