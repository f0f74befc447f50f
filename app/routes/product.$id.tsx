import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { MAX_QUANTITY, MIN_QUANTITY } from "../../domain/cart";
import { CATEGORY_ILLUSTRATION, parseShopProductId, shopProductCartId } from "../../domain/shop-products";
import { AddToCartForm, type Offer } from "../components/AddToCartForm";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ProductInfoSections } from "../components/ProductInfo";
import { PincodeCheck } from "../components/PincodeCheck";
import { pincodeCheck } from "../delivery/pincode-check.server";
import { shopProductImage } from "../images.server";
import { drawingPicture, photoPicture } from "../photos.server";
import { Picture } from "../components/Picture";
import { ProductGallery } from "../components/ProductGallery";
import { productGallery } from "../pictures.server";
import { notFound, startingQuantity } from "../offers.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";
import { descriptionIn, nameIn, sizeIn } from "../../domain/catalogue-words";
import { StockBadge } from "../components/StockBadge";
import { ProductFacts } from "../components/ProductFacts";
import { INDIA, rowFacts } from "../../domain/seller/disclosures";
import { DeliveryDates } from "../components/DeliveryDates";
import { deliveryDates } from "../delivery/dates.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  if (!data) {
    // A thrown 404 sends no messages of this page: the title stays English rather than show a key.
    const title = t("product:notFoundTitle");
    return [{ title: title === "product:notFoundTitle" ? NOT_FOUND_TITLE : title }];
  }
  return [{ title: t("product:metaTitle", { name: data.product.name }) }, { name: "description", content: data.product.description }];
};

/** The picture's width on a wide screen; on a phone it fills the width. */
const PICTURE_WIDTH = 400;
const PICTURE_SIZES = "(max-width: 40rem) 100vw, 24rem";

const NOT_FOUND_TITLE = "Product not found | Churu Uniform House";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const id = parseShopProductId(params.id);
  const product = id === undefined ? undefined : await context.shop.catalogue.findProduct(id);
  if (!product) throw notFound("No such product");
  const lang = languageOf(request);
  // The owner's main photo once processed (decision 139), else the drawing.
  const photo = (await context.shop.photos.mainPhotos([{ kind: "product", productId: product.id }])).get(`product.${product.id}`);
  const picture = (photo && photoPicture(photo, PICTURE_WIDTH)) ?? drawingPicture(shopProductImage(product.imageUrl, CATEGORY_ILLUSTRATION[product.category]), PICTURE_WIDTH);
  // Every photo the owner put up, in the owner's order (decision 245).
  const gallery = await productGallery(context.shop, { kind: "product", productId: product.id }, PICTURE_WIDTH);
  const inStock = product.stockQuantity > 0;
  const offer: Offer = {
    productId: shopProductCartId(product.id),
    name: nameIn(lang, product),
    sizes: [],
    oneSizePrice: product.price,
    selectedSize: product.size,
    comingSoon: false,
    unavailable: inStock ? undefined : serverT(lang)("product:outOfStock"),
    maxQuantity: Math.max(MIN_QUANTITY, Math.min(MAX_QUANTITY, product.stockQuantity)),
  };
  // The address's pincode only: this page is kept and shared between visitors (decision 113).
  const { view: delivery, headers } = pincodeCheck(request, context.shop, { remembered: false });
  return data({
    gallery,
    // Its own words in the page's language, the English where it has no Hindi (decision 099).
    product: {
      id: product.id,
      name: nameIn(lang, product),
      description: descriptionIn(lang, product),
      stockQuantity: product.stockQuantity,
      category: product.category,
      gender: product.gender,
      size: sizeIn(lang, product.size),
      picture,
    },
    // What Legal Metrology rule 6(10) asks the page to show, as the admin set it (decision 130).
    facts: rowFacts({ countryOfOrigin: product.countryOfOrigin ?? INDIA, maker: product.maker ?? null, netQuantity: product.netQuantity ?? null }),
    mrp: product.price,
    offer,
    quantity: startingQuantity(request, offer.maxQuantity),
    delivery,
    // When it arrives (decision 236): a shop product is sold only from the shelf.
    dates: await deliveryDates(context.shop, lang, inStock ? [{ kind: "ready" }] : [], delivery.pincode),
    // The categories' and genders' names are the shop's (namespace `shop`).
    messages: routeMessages(request, "product", "shop", "delivery", "seller"),
  }, { headers });
}

export default function ProductDetail() {
  const { product, gallery, offer, quantity, delivery, dates, facts, mrp } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <Breadcrumbs trail={[{ label: t("nav.home"), to: "/" }, { label: t("product:shop"), to: "/shop" }, { label: product.name }]} />
      <article className="product-detail">
        {/* The page's largest picture: asked for first (fetchpriority), laid out before it comes (width and height). */}
        {gallery.length > 1 ? (
          <ProductGallery photos={gallery} alt={product.name} sizes={PICTURE_SIZES} />
        ) : (
          <Picture picture={product.picture} alt={product.name} sizes={PICTURE_SIZES} priority />
        )}
        <div>
          <h1>{product.name}</h1>
          <p>{product.description}</p>
          <ul className="badges" aria-label={t("product:details")}>
            <StockBadge shelf={product.stockQuantity} />
            <li>{t(`shop:category.${product.category}`)}</li>
            <li>{t(`shop:gender.${product.gender}`)}</li>
          </ul>
          <p>
            <strong>{t("product:size")}</strong> {product.size}
          </p>
          <AddToCartForm offer={offer} detail buyNow quantity={quantity} addLabel={() => t("product:addToCart")} />
          <PincodeCheck check={delivery} />
          <DeliveryDates dates={dates} />
          <ProductFacts facts={facts} mrp={mrp} />
          <ProductInfoSections />
          <p>
            <Link to="/shop">{t("product:backToShop")}</Link>
          </p>
        </div>
      </article>
    </>
  );
}
