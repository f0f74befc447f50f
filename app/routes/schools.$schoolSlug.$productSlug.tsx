import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { catalogueId, findCatalogueProduct } from "../../domain/catalogue";
import { findSchoolItem } from "../../domain/schools";
import { AddToCartForm } from "../components/AddToCartForm";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ProductInfoSections } from "../components/ProductInfo";
import { schoolItemImage } from "../images.server";
import { notFound, offerFor, startingQuantity, tidySizeChoice } from "../offers.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.school.name} ${data.product.name} | Churu Uniform House` },
        { name: "description", content: `${data.product.name} for ${data.school.name}: ${data.product.description} Pick a size to see the price.` },
      ]
    : [{ title: "Item not found | Churu Uniform House" }];

export async function loader({ params, request }: LoaderFunctionArgs) {
  const found = findSchoolItem(params.schoolSlug ?? "", params.productSlug ?? "");
  if (!found) throw notFound("No such school item");
  tidySizeChoice(request);
  const product = findCatalogueProduct(catalogueId.schoolItem(found.school.slug, found.item.slug));
  if (!product) throw notFound("No such school item");
  const size = new URL(request.url).searchParams.get("size");
  return {
    school: { slug: found.school.slug, name: found.school.name, heading: found.school.heading },
    product: { name: product.name, description: product.description, slug: found.item.slug },
    image: schoolItemImage(found.school.slug, found.item.slug, product.illustration),
    offer: offerFor(product, { size, preselectFirst: true }),
    quantity: startingQuantity(request),
  };
}

export default function SchoolProduct() {
  const { school, product, image, offer, quantity } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumbs
        trail={[
          { label: "Home", to: "/" },
          { label: "Schools", to: "/schools" },
          { label: school.heading, to: `/schools/${school.slug}` },
          { label: product.name },
        ]}
      />
      <article className="product-detail">
        <img src={image} alt={`${school.name} ${product.name}`} width="400" height="400" />
        <div>
          <h1>{product.name}</h1>
          <p className="school-name">
            School: <Link to={`/schools/${school.slug}`}>{school.name}</Link>
          </p>
          <p>{product.description}</p>
          {offer.comingSoon ? <p className="ribbon inline">Coming Soon</p> : null}
          <AddToCartForm offer={offer} detail buyNow quantity={quantity} addLabel={() => "ADD TO CART"} />
          <ProductInfoSections />
        </div>
      </article>
    </>
  );
}
