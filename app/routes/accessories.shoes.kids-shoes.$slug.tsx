import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { findKidsShoeStyle } from "../../domain/accessories";
import { catalogueId, findCatalogueProduct } from "../../domain/catalogue";
import { formatRupees } from "../../domain/money";
import { AddToCartForm } from "../components/AddToCartForm";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ProductInfoSections } from "../components/ProductInfo";
import { PincodeCheck } from "../components/PincodeCheck";
import { pincodeCheck } from "../delivery/pincode-check.server";
import { DeliveryDates } from "../components/DeliveryDates";
import { deliveryDates } from "../delivery/dates.server";
import { kidsShoePriceNoteIn, notFound, offerFor, startingQuantity, tidySizeChoice } from "../offers.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { descriptionIn, nameIn } from "../../domain/catalogue-words";
import { SizeGuide } from "../components/SizeGuide";
import { advisedSize, sizeGuideFor } from "../sizes/size-guide.server";
import { ProductFacts } from "../components/ProductFacts";
import { boughtInFacts } from "../../domain/seller/item-facts";
import { Picture } from "../components/Picture";
import { productGallery, shelfItemPictures } from "../pictures.server";
import { ProductGallery } from "../components/ProductGallery";

/** The page's main picture's width (px), as a school item's page lays it out. */
const PICTURE_SIZE = 400;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  return data
    ? [{ title: t("shelves:kidsShoes.styleTitle", { name: data.style.name }) }, { name: "description", content: data.style.description }]
    : [{ title: t("shelves:kidsShoes.notFoundTitle") }];
};

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const style = findKidsShoeStyle(params.slug ?? "");
  const product = style && findCatalogueProduct(catalogueId.kidsShoe(style.slug));
  if (!style || !product) throw notFound("No such kids shoe");
  tidySizeChoice(request);
  const size = new URL(request.url).searchParams.get("size");
  const lang = languageOf(request);
  // The address's pincode only: this page is kept and shared between visitors (decision 113).
  const { view: delivery, headers } = pincodeCheck(request, context.shop, { remembered: false });
  // The chart the shop uses today and the finder's answer to this address's question (decision 131).
  const sizeGuide = await sizeGuideFor(context.shop, request, product);
  const offer = offerFor(product, { size: size ?? advisedSize(sizeGuide.view), note: kidsShoePriceNoteIn(lang), language: lang });
  const chosen = offer.sizes.find((option) => option.size === offer.selectedSize);
  const lowest = Math.min(...offer.sizes.map((option) => option.price));
  // The owner's main photo of the style, else its own drawing (decision 146).
  const pictures = await shelfItemPictures(context.shop, [product], PICTURE_SIZE);
  return data({
    style: {
      name: nameIn(lang, style),
      description: descriptionIn(lang, style),
      features: [...(lang === "hi" ? style.featuresHi : style.features)],
    },
    picture: pictures[product.id],
    // Every photo the owner put up, in the owner's order (decision 245).
    gallery: await productGallery(context.shop, { kind: "shelf", item: product.id }, PICTURE_SIZE),
    offer,
    // Bought in: the facts the owner set for the style, in all its sizes (Legal Metrology rule 6(10), decision 142).
    facts: boughtInFacts(await context.shop.itemFacts.of(product.id)),
    mrp: { amount: chosen?.price ?? lowest, from: !chosen },
    quantity: startingQuantity(request),
    delivery,
    // When it arrives (decision 236): bought-in shoes are on the shelf.
    dates: offer.comingSoon ? null : await deliveryDates(context.shop, lang, [{ kind: "ready" }], delivery.pincode),
    sizeGuide: sizeGuide.view,
    messages: routeMessages(request, "shelves", "delivery", "sizes", "seller"),
  }, { headers, status: sizeGuide.status });
}

export default function KidsShoe() {
  const { style, picture, gallery, offer, quantity, delivery, dates, sizeGuide, facts, mrp } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <Breadcrumbs
        trail={[
          { label: t("nav.home"), to: "/" },
          { label: t("shelves:accessories.crumb"), to: "/accessories" },
          { label: t("shelves:shoes.crumb"), to: "/accessories/shoes" },
          { label: t("shelves:kidsShoes.crumb"), to: "/accessories/shoes/kids-shoes" },
          { label: style.name },
        ]}
      />
      <article className="product-detail">
        {gallery.length > 1 ? (
          <ProductGallery photos={gallery} alt={style.name} sizes="(max-width: 40rem) 100vw, 24rem" />
        ) : (
          <Picture picture={picture} alt={style.name} sizes="(max-width: 40rem) 100vw, 24rem" priority />
        )}
        <div>
          <h1>{style.name}</h1>
          <p>{style.description}</p>
          <h2 className="small-heading">{t("shelves:kidsShoes.features")}</h2>
          <ul className="features">
            {style.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <AddToCartForm
            offer={offer}
            detail
            quantity={quantity}
            addLabel={(price) => t("shelves:kidsShoes.addToCart", { price: formatRupees(price) })}
          />
          <PincodeCheck check={delivery} />
          <DeliveryDates dates={dates} />
          <ProductFacts facts={facts} mrp={mrp.amount} from={mrp.from} />
          <ProductInfoSections sizeGuide={t("shelves:kidsShoes.sizeGuide")} />
          <p>
            <Link to="/accessories/shoes/kids-shoes">{t("shelves:kidsShoes.back")}</Link>
          </p>
        </div>
      </article>
      {sizeGuide ? <SizeGuide guide={sizeGuide} itemName={style.name} /> : null}
    </>
  );
}
