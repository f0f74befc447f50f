import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { catalogueId, findCatalogueProduct } from "../../domain/catalogue";
import { findSchoolItem } from "../../domain/schools";
import { AddToCartForm } from "../components/AddToCartForm";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ProductInfoSections } from "../components/ProductInfo";
import { PincodeCheck } from "../components/PincodeCheck";
import { pincodeCheck } from "../delivery/pincode-check.server";
import { productGallery, schoolItemPicture } from "../pictures.server";
import { ProductGallery } from "../components/ProductGallery";
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
import { advisedSize, sizeGuideFor } from "../sizes/size-guide.server";
import { sizeAvailability, type SizeAvailability } from "../../domain/stock/school-stock";
import { serverT } from "../i18n/i18n.server";
import { DeliveryDates } from "../components/DeliveryDates";
import { deliveryDates } from "../delivery/dates.server";
import type { ItemReadiness } from "../../domain/delivery/dates";

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
  const t = serverT(lang);
  // Each size's shelf where the owner counts the item (decision 180): an out size says so and cannot be chosen,
  // a made-to-order one its lead time, a short one "only 2 left". The cart and the order refuse a size that is
  // gone whatever a kept copy of this page said.
  const counted = await context.shop.schoolStock.item(product.id);
  const shelves = new Map(product.sizes.map((s): [string, SizeAvailability] => [s, sizeAvailability(counted.sizes.get(s)?.sku, counted.sizes.get(s)?.forSale ?? 0)]));
  const sizeNote = (s: string) => {
    const shelf = shelves.get(s);
    if (shelf?.kind === "few") return t("schools:item.onlyLeft", { count: shelf.left, size: s });
    if (shelf?.kind === "make") return t("schools:item.madeToOrder", { size: s, days: shelf.leadDays });
    return "";
  };
  // The size the parent picked, else the one the finder's answer on this page names, else the chosen child's.
  const named = size ?? advisedSize(sizeGuide.view) ?? picker.size ?? null;
  const base = offerFor(product, { size: named, preselectFirst: true, language: lang, note: sizeNote });
  // The first size is chosen for the parent only when it can be bought.
  const firstOpen = base.sizes.find((option) => shelves.get(option.size)?.kind !== "out");
  const selectedSize = named === null && base.selectedSize && shelves.get(base.selectedSize)?.kind === "out" ? (firstOpen?.size ?? base.selectedSize) : base.selectedSize;
  const chosenShelf: SizeAvailability = selectedSize ? (shelves.get(selectedSize) ?? { kind: "not counted" }) : { kind: "not counted" };
  const offer = {
    ...base,
    selectedSize,
    sizes: base.sizes.map(({ note, ...option }) => ({ ...option, ...(note ? { note } : {}), ...(shelves.get(option.size)?.kind === "out" ? { out: t("schools:item.outMark") } : {}) })),
    ...(chosenShelf.kind === "out" && selectedSize ? { unavailable: t("schools:item.sizeOut", { size: selectedSize }) } : {}),
  };
  const chosen = offer.sizes.find((option) => option.size === offer.selectedSize);
  // When the chosen size arrives (decision 236): from the shelf, or made to order in its own lead time or the shop's.
  const readiness: ItemReadiness[] =
    offer.comingSoon || chosenShelf.kind === "out"
      ? []
      : [chosenShelf.kind === "in" || chosenShelf.kind === "few" ? { kind: "ready" } : chosenShelf.kind === "make" ? { kind: "made", leadDays: chosenShelf.leadDays } : { kind: "made" }];
  const lowest = offer.sizes.length ? Math.min(...offer.sizes.map((option) => option.price)) : undefined;
  return data({
    // The school as it writes itself, with its Devanagari form on a Hindi page (decision 099).
    school: { slug: found.school.slug, name: schoolNameIn(lang, found.school), heading: found.school.heading },
    product: { name: nameIn(lang, product), description: descriptionIn(lang, product), slug: found.item.slug },
    // The owner's main photo once processed (decision 139), else the photo or the drawing in the school's colours (decision 140).
    picture: await schoolItemPicture(context.shop, found.school.slug, found.item.slug, product.illustration, 400),
    // Every photo the owner put up, in the owner's order (decision 245).
    gallery: await productGallery(context.shop, { kind: "item", school: found.school.slug, item: found.item.slug }, 400),
    offer,
    shelf: chosenShelf,
    // The shop's own uniform: made in India by the shop (Legal Metrology rule 6(10), decision 130).
    facts: uniformFacts(context.shop.config.seller, found.item.priceType),
    mrp: { amount: chosen?.price ?? offer.oneSizePrice ?? lowest, from: !chosen && offer.oneSizePrice === undefined },
    quantity: startingQuantity(request),
    delivery,
    dates: await deliveryDates(context.shop, lang, readiness, delivery.pincode),
    sizeGuide: sizeGuide.view,
    picker: picker.view,
    messages: routeMessages(request, "schools", "delivery", "sizes", "seller"),
  }, { headers, status: sizeGuide.status });
}

export default function SchoolProduct() {
  const { school, product, picture, gallery, offer, quantity, delivery, dates, sizeGuide, facts, mrp, picker, shelf } = useLoaderData<typeof loader>();
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
        {gallery.length > 1 ? (
          <ProductGallery photos={gallery} alt={`${school.name} ${product.name}`} sizes="(max-width: 40rem) 100vw, 24rem" />
        ) : (
          <Picture picture={picture} alt={`${school.name} ${product.name}`} sizes="(max-width: 40rem) 100vw, 24rem" priority />
        )}
        <div>
          <h1>{product.name}</h1>
          <p className="school-name">
            {t("schools:item.school")} <Link to={`/schools/${school.slug}`}>{school.name}</Link>
          </p>
          <p>{product.description}</p>
          {offer.comingSoon ? (
            <p className="ribbon inline">{t("comingSoon")}</p>
          ) : (
            // An item the owner does not count is made to order (decision 100); a counted one shows the chosen size's shelf (decision 180).
            <ul className="badges" aria-label={t("schools:item.details")}>
              <StockBadge shelf={undefined} label={shelf.kind === "not counted" || shelf.kind === "make" ? { kind: "made to order" } : shelf} />
            </ul>
          )}
          <ChildPicker picker={picker} />
          <AddToCartForm offer={offer} detail buyNow quantity={quantity} addLabel={() => t("schools:item.addToCart")} forChild={picker.chosen?.id} />
          <PincodeCheck check={delivery} />
          <DeliveryDates dates={dates} />
          <ProductFacts facts={facts} mrp={mrp.amount} from={mrp.from} />
          <ProductInfoSections />
        </div>
      </article>
      {sizeGuide ? <SizeGuide guide={sizeGuide} itemName={product.name} /> : null}
    </>
  );
}
