import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { findKidsShoeStyle } from "../../domain/accessories";
import { catalogueId, findCatalogueProduct } from "../../domain/catalogue";
import { formatRupees } from "../../domain/money";
import { kidsShoePriceNote } from "../../domain/pricing";
import { AddToCartForm } from "../components/AddToCartForm";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ProductInfoSections } from "../components/ProductInfo";
import { notFound, offerFor, startingQuantity, tidySizeChoice } from "../offers.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.style.name} | Kids Shoes | Churu Uniform House` }, { name: "description", content: data.style.description }]
    : [{ title: "Shoe not found | Churu Uniform House" }];

export async function loader({ params, request }: LoaderFunctionArgs) {
  const style = findKidsShoeStyle(params.slug ?? "");
  const product = style && findCatalogueProduct(catalogueId.kidsShoe(style.slug));
  if (!style || !product) throw notFound("No such kids shoe");
  tidySizeChoice(request);
  const size = new URL(request.url).searchParams.get("size");
  return {
    style: { name: style.name, description: style.description, image: style.image, features: [...style.features] },
    offer: offerFor(product, { size, note: kidsShoePriceNote }),
    quantity: startingQuantity(request),
  };
}

export default function KidsShoe() {
  const { style, offer, quantity } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumbs
        trail={[
          { label: "Home", to: "/" },
          { label: "Accessories", to: "/accessories" },
          { label: "Shoes", to: "/accessories/shoes" },
          { label: "Kids Shoes", to: "/accessories/shoes/kids-shoes" },
          { label: style.name },
        ]}
      />
      <article className="product-detail">
        <img src={style.image} alt={style.name} width="400" height="400" />
        <div>
          <h1>{style.name}</h1>
          <p>{style.description}</p>
          <h2 className="small-heading">Features</h2>
          <ul className="features">
            {style.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <AddToCartForm
            offer={offer}
            detail
            quantity={quantity}
            chooseLabel="Select a size first"
            addLabel={(price) => `Add to Cart - ${formatRupees(price)}`}
          />
          <ProductInfoSections sizeGuide="Kids shoe sizes run 7 to 12, then 1 to 3. Measure the foot standing, and leave a thumb's width at the toe." />
          <p>
            <Link to="/accessories/shoes/kids-shoes">Back to Kids Shoes</Link>
          </p>
        </div>
      </article>
    </>
  );
}
